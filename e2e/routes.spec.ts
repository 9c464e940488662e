import { expect, test } from './support/fixtures'
import { signInWithForm } from './support/session'
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
