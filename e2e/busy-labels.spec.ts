import { expect, test } from './support/fixtures'
import { enterCode, hydrated, isNoJs, signIn } from './support/session'
import { createVerifiedUser, PASSWORD, uniqueEmail } from './support/users'

test.describe('busy labels while a form is being sent', () => {
  test.beforeEach(() => {
    const noJs = isNoJs()
    test.skip(noJs, 'Busy labels come from the in-page submission state; without JavaScript the browser posts the page.')
  })

  test("login: 'Continue' reads 'Signing in...' (also when sent from a protected page)", async ({ page, holdPost }) => {
    await page.goto('/login?redirectTo=%2Fdashboard')
    await hydrated(page)
    const posted = holdPost('/login')
    await page.getByLabel('Email').fill(uniqueEmail('busy'))
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Continue' }).click()
    await posted
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
  })

  test("signup: 'Create account' reads 'Creating...'", async ({ page, holdPost }) => {
    await page.goto('/signup')
    await hydrated(page)
    const posted = holdPost('/signup')
    await page.getByLabel('Email').fill(uniqueEmail('busy'))
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await posted
    await expect(page.getByRole('button', { name: 'Creating...' })).toBeDisabled()
  })

  test("verify: 'Verify' reads 'Verifying...' and 'Resend OTP' reads 'Resending...'", async ({ page, holdPost }) => {
    await page.goto('/verify-otp?email=busy%40example.com')
    await hydrated(page)
    let posted = holdPost('/verify-otp')
    await enterCode(page, '123456')
    await page.getByRole('button', { name: 'Verify' }).click()
    await posted
    await expect(page.getByRole('button', { name: 'Verifying...' })).toBeDisabled()

    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await page.goto('/verify-otp?email=busy%40example.com')
    await hydrated(page)
    posted = holdPost('/verify-otp')
    await page.getByRole('button', { name: 'Resend OTP' }).click()
    await posted
    await expect(page.getByRole('button', { name: 'Resending...' })).toBeDisabled()
  })

  test("forgot password: 'Send reset link' reads 'Sending...'", async ({ page, holdPost }) => {
    await page.goto('/forgot-password')
    await hydrated(page)
    const posted = holdPost('/forgot-password')
    await page.getByLabel('Email').fill(uniqueEmail('busy'))
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await posted
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  })

  test("reset password: 'Reset password' reads 'Resetting...'", async ({ page, holdPost }) => {
    await page.goto('/reset-password?token=held-token')
    await hydrated(page)
    const posted = holdPost('/reset-password')
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm new password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Reset password' }).click()
    await posted
    await expect(page.getByRole('button', { name: 'Resetting...' })).toBeDisabled()
  })

  test("personal details: 'Submit details' reads 'Submitting...'", async ({ page, holdPost }) => {
    await signIn(page, await createVerifiedUser())
    await page.goto('/personal-details')
    await hydrated(page)
    const posted = holdPost('/personal-details')
    await page.getByLabel('Full Name *').fill('Asha Rao')
    await page.getByLabel('Date of Birth *').fill('1990-04-12')
    await page.getByLabel('Phone Number *').fill('+91 98765 43210')
    await page.getByLabel('Qualification *').fill('B.Tech')
    await page.getByRole('heading', { name: 'Professional Details' }).click()
    await page.getByLabel('Role *').selectOption({ label: 'Engineer' })
    await page.getByLabel('Previous Experience (years) *').fill('2')
    await page.getByRole('heading', { name: 'Financial Details' }).click()
    await page.getByLabel('Previous Organisation Salary *').fill('100')
    await page.getByRole('button', { name: 'Submit details' }).click()
    await posted
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled()
  })
})
