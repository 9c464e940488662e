import { expect, test, type Page } from './support/fixtures'
import { hydrated, signUpWithForm } from './support/session'
import { PASSWORD, createVerifiedUser, uniqueEmail } from './support/users'

async function submitSignup(page: Page, email: string, password: string, confirm: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(confirm)
  await page.getByRole('button', { name: 'Create account' }).click()
}

test.describe('signup screen', () => {
  test("shows the title and a 'Log in' link to /login", async ({ page }) => {
    await page.goto('/signup')
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
    await page.getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL('/login')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  })

  test('applies the password rules with their messages', async ({ page }) => {
    const email = uniqueEmail('rules')
    await page.goto('/signup')
    await hydrated(page)

    await submitSignup(page, email, 'ab1!', 'ab1!')
    await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible()

    await submitSignup(page, email, 'abcdef12', 'abcdef12')
    await expect(page.getByText('Password must contain at least one letter, one number, and one special character', { exact: true })).toBeVisible()

    // A character outside @$!%*?& does not count as a special one.
    await submitSignup(page, email, 'abcdef1#', 'abcdef1#')
    await expect(page.getByText('Password must contain at least one letter, one number, and one special character', { exact: true })).toBeVisible()

    await submitSignup(page, email, PASSWORD, 'Secret2!')
    await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible()
    await expect(page).toHaveURL('/signup')
  })

  test("an email that already has a verified account shows the server's message", async ({ page }) => {
    const user = await createVerifiedUser()
    await page.goto('/signup')
    await submitSignup(page, user.email, PASSWORD, PASSWORD)
    await expect(page.getByText('An account with this email already exists. Please log in.')).toBeVisible()
    await expect(page).toHaveURL('/signup')
  })

  test('success goes to /verify-otp with the email waiting for its code', async ({ page }) => {
    const { email } = await signUpWithForm(page)
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue(email)
  })
})
