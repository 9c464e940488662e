import { expect, test } from './support/fixtures'
import { verificationCode } from './support/outbox'
import { enterCode } from './support/session'
import { PASSWORD, uniqueEmail } from './support/users'

// An employee's phone.
test.use({ viewport: { width: 390, height: 844 } })

test('sign-up, code, profile, dashboard', async ({ page }) => {
  const email = uniqueEmail('onboard')
  await page.goto('/signup')
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  const started = Date.now()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/verify-otp$/)
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  const code = await verificationCode(email, started - 1000)
  // Typed in one go into the one field without JavaScript, into the six boxes with it.
  await enterCode(page, code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/personal-details$/)
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible()
  await page.getByLabel('Full Name *').fill('Asha Rao')
  await page.getByLabel('Date of Birth *').fill('1990-04-12')
  await page.getByLabel('Phone Number *').fill('+91 98765 43210')
  await page.getByLabel('Qualification *').fill('B.Tech')
  await page.getByText('Professional Details').click()
  await page.getByLabel('Role *').selectOption({ label: 'Engineer' })
  await page.getByLabel('Previous Experience (years) *').fill('2.5')
  // The salary forgotten in its closed section: the summary names it, its section opens, its link leads there.
  await page.getByRole('button', { name: 'Submit details' }).click()
  const summary = page.locator('#error-summary')
  await expect(summary).toBeInViewport()
  await expect(summary.getByRole('heading', { name: 'Please fill the required fields: Previous Organisation Salary' })).toBeVisible()
  await summary.getByRole('link', { name: 'Previous Organisation Salary is required' }).click()
  const salary = page.getByLabel('Previous Organisation Salary *')
  await expect(salary).toBeInViewport()
  await salary.fill('500000')
  await page.getByRole('button', { name: 'Submit details' }).click()
  // On to the dashboard, with the confirmation; a reload shows it no more.
  await expect(page).toHaveURL(/\/dashboard(#top)?$/)
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible()
  // The dashboard's account card (at 390 px the shell's own copy of the address is inside the closed menu).
  await expect(page.getByRole('main').getByText(email).first()).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible()
  await expect(page.getByText('Profile saved')).toHaveCount(0)
})
