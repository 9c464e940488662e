import { expect, test } from '@playwright/test'
import { ownOrigin, signInWithForm } from './support/session'
import { createVerifiedUser } from './support/users'

test.describe('route table', () => {
  test('/ redirects to /dashboard, which sends a signed-out visitor to /login carrying the requested location', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL('/login?redirectTo=%2Fdashboard')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  })

  test('any unknown path redirects to /login', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page).toHaveURL('/login')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  })

  test('after login the user goes to the page they came from', async ({ page }) => {
    const user = await createVerifiedUser()
    await page.goto('/dashboard')
    await expect(page).toHaveURL('/login?redirectTo=%2Fdashboard')
    await signInWithForm(page, user)
    await expect(page).toHaveURL('/dashboard')
    await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible()
  })

  test('after login with no page to return to the user goes to / (which is /dashboard)', async ({ page }) => {
    const user = await createVerifiedUser()
    await page.goto('/login')
    await signInWithForm(page, user)
    await expect(page).toHaveURL('/dashboard')
    await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible()
  })
})

test.describe('CSRF', () => {
  test('a form post to /login from another origin is refused with 403', async ({ page }) => {
    // No password: a same-origin post is answered by the form's own check, without reaching the API.
    const form = { email: 'someone@example.com' }
    const forged = await page.request.post('/login', { form, headers: { origin: 'http://evil.example' }, maxRedirects: 0 })
    expect(forged.status()).toBe(403)
    // The same post from the site's own page is answered normally (the login screen again).
    const own = await page.request.post('/login', { form, headers: { origin: ownOrigin() }, maxRedirects: 0 })
    expect(own.status()).not.toBe(403)
  })
})
