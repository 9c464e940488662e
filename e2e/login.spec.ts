import { expect, test } from './support/fixtures'
import { hydrated, isNoJs, signInWithForm } from './support/session'
import { createUnverifiedUser, createVerifiedUser, uniqueEmail } from './support/users'

test.describe('login screen', () => {
  test('shows the title, the subtitle and two required fields', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    await expect(page.getByText('Sign in to access your account and resources.')).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveAttribute('required', '')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('required', '')
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
    // Sent empty, the form stays and marks both fields.
    await hydrated(page)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL(/\/login/)
  })

  test("'Forgot password?' leads to /forgot-password and 'Sign Up' to /signup", async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL('/forgot-password')
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
    await page.goto('/login')
    await page.getByRole('link', { name: 'Sign Up' }).click()
    await expect(page).toHaveURL('/signup')
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
  })

  test("a wrong password shows the server's message, which goes away when the input changes", async ({ page }) => {
    const user = await createVerifiedUser()
    await page.goto('/login')
    await hydrated(page)
    await signInWithForm(page, { email: user.email, password: 'Wrong-pass1!' })
    const message = page.getByText('Invalid email or password')
    await expect(message).toBeVisible()
    await expect(page).toHaveURL(/\/login/)
    // Clearing on change is an input handler: without JavaScript the message stays until the next submit.
    if (isNoJs()) return
    await page.getByLabel('Password', { exact: true }).pressSequentially('x')
    await expect(message).toBeHidden()
  })

  test("an unknown email opens the 'User not found' dialog; Cancel closes it", async ({ page }) => {
    const email = uniqueEmail('nobody')
    await page.goto('/login')
    await hydrated(page)
    await signInWithForm(page, { email, password: 'Secret1!' })
    const dialog = page.getByRole('dialog', { name: 'User not found' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Seems like the user does not exist. Would you like to sign up?')
    await expect(dialog.getByRole('link', { name: 'Go to signup' })).toBeVisible()
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue(email)
  })

  test("'Go to signup' in the 'User not found' dialog opens /signup with the typed email", async ({ page }) => {
    const email = uniqueEmail('nobody')
    await page.goto('/login')
    await hydrated(page)
    await signInWithForm(page, { email, password: 'Secret1!' })
    await page.getByRole('dialog', { name: 'User not found' }).getByRole('link', { name: 'Go to signup' }).click()
    await expect(page).toHaveURL(/\/signup(\?|$)/)
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue(email)
  })

  test('an account whose email is not verified goes to /verify-otp with the email shown', async ({ page }) => {
    const user = await createUnverifiedUser()
    await page.goto('/login')
    await signInWithForm(page, user)
    await expect(page).toHaveURL('/verify-otp')
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue(user.email)
    await expect(page.getByLabel('Email')).toBeDisabled()
  })

  test('the password show/hide toggle (rendered only when JavaScript runs)', async ({ page }) => {
    await page.goto('/login')
    const password = page.getByLabel('Password', { exact: true })
    if (isNoJs()) {
      // The toggle needs JavaScript; without it the field is a plain password field.
      await expect(page.getByRole('button', { name: 'Show' })).toHaveCount(0)
      await expect(password).toHaveAttribute('type', 'password')
      return
    }
    await password.fill('Secret1!')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(password).toHaveAttribute('type', 'text')
    await page.getByRole('button', { name: 'Hide' }).click()
    await expect(password).toHaveAttribute('type', 'password')
  })
})
