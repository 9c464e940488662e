import { expect, test, type Page } from './support/fixtures'
import { resetLink } from './support/outbox'
import { hydrated, isNoJs, mailedResetLink, resetThroughApi, signInWithForm } from './support/session'
import { PASSWORD, createVerifiedUser, uniqueEmail } from './support/users'

const SENT = 'If the email exists, a reset link has been sent to your email.'
const NEW_PASSWORD = 'Fresh@pass2!'

async function submitReset(page: Page, password: string, confirm: string) {
  await page.getByLabel('New password', { exact: true }).fill(password)
  await page.getByLabel('Confirm new password').fill(confirm)
  await page.getByRole('button', { name: 'Reset password' }).click()
}

test.describe('forgot password screen', () => {
  test("shows the title, 'Send reset link' and a link back to /login", async ({ page }) => {
    await page.goto('/forgot-password')
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to login' }).click()
    await expect(page).toHaveURL('/login')
  })

  test('an existing email gets the message and a mailed link', async ({ page }) => {
    const user = await createVerifiedUser()
    await page.goto('/forgot-password')
    await page.getByLabel('Email').fill(user.email)
    const started = Date.now() - 1000
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText(SENT)).toBeVisible()
    expect(await resetLink(user.email, started)).toContain('/reset-password?token=')
  })

  test('an unknown email gets the same message', async ({ page }) => {
    await page.goto('/forgot-password')
    await page.getByLabel('Email').fill(uniqueEmail('nobody'))
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText(SENT)).toBeVisible()
  })
})

test.describe('reset password screen', () => {
  test("without a token shows 'Missing token. Use the link from your email.'", async ({ page }) => {
    await page.goto('/reset-password')
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible()
    await expect(page.getByText('Missing token. Use the link from your email.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled()
    await page.getByRole('link', { name: 'Back to login' }).click()
    await expect(page).toHaveURL('/login')
  })

  test('the mailed link sets a new password, then the screen goes to /login where it works', async ({ page }) => {
    const user = await createVerifiedUser()
    await page.goto(await mailedResetLink(user.email))
    await hydrated(page)

    // Sent untouched, the form marks the new password as missing.
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true')

    await submitReset(page, 'Ab1!', 'Ab1!')
    await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible()

    await submitReset(page, NEW_PASSWORD, 'Other@pass2!')
    await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible()

    await submitReset(page, NEW_PASSWORD, NEW_PASSWORD)
    await expect(page.getByText('Password reset successful. Please log in.')).toBeVisible()
    // With JavaScript after 900 ms; without it a meta refresh after 1 s.
    await expect(page).toHaveURL('/login')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()

    await signInWithForm(page, { email: user.email, password: NEW_PASSWORD })
    await expect(page).toHaveURL('/dashboard')
  })

  test("with JavaScript, a change to either password field clears the error at once ('Passwords do not match' and the server's)", async ({ page }) => {
    const noJs = isNoJs()
    test.skip(noJs, 'Without JavaScript the page changes only when the form is sent: the error goes with the next answer.')
    const user = await createVerifiedUser()
    const link = await mailedResetLink(user.email)
    await page.goto(link)
    await hydrated(page)
    const mismatch = page.getByText('Passwords do not match', { exact: true })
    for (const field of ['New password', 'Confirm new password']) {
      await submitReset(page, NEW_PASSWORD, 'Other@pass2!')
      await expect(mismatch).toBeVisible()
      await page.getByLabel(field, { exact: true }).press('End')
      await page.getByLabel(field, { exact: true }).pressSequentially('x')
      await expect(mismatch).toBeHidden()
      await expect(page.getByLabel('Confirm new password', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')
    }
    // A refusal from the server (the link already used) clears the same way.
    await resetThroughApi(link, NEW_PASSWORD)
    await submitReset(page, 'Third@pass3!', 'Third@pass3!')
    const refusal = page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired. Please request a new one.' })
    await expect(refusal).toBeVisible()
    await page.getByLabel('Confirm new password', { exact: true }).pressSequentially('x')
    await expect(refusal).toBeHidden()
  })

  test('after a reset the old password no longer works and the link cannot be used twice', async ({ page }) => {
    const user = await createVerifiedUser()
    const link = await mailedResetLink(user.email)
    await resetThroughApi(link, NEW_PASSWORD)

    await page.goto('/login')
    await signInWithForm(page, { email: user.email, password: PASSWORD })
    await expect(page.getByText('Invalid email or password')).toBeVisible()
    await expect(page).toHaveURL(/\/login/)

    await page.goto(link)
    await hydrated(page)
    await submitReset(page, 'Another@pass3!', 'Another@pass3!')
    const refusal = page.getByText('This reset link is invalid or has expired. Please request a new one.')
    await expect(refusal).toBeVisible()
    await expect(page).toHaveURL(/\/reset-password\?token=/)
    // The error clears when either password field changes: an input handler, so JavaScript only.
    if (isNoJs()) return
    await page.getByLabel('Confirm new password').pressSequentially('x')
    await expect(refusal).toBeHidden()
  })
})
