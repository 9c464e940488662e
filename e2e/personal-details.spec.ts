import { expect, test, type Page } from './support/fixtures'
import { checkablePage, expectNoSeriousViolation } from './support/axe'
import { endSessionElsewhere, hydrated, isNoJs, signIn, signInWithForm } from './support/session'
import { createVerifiedUser } from './support/users'

const SECTIONS = ['Personal Details', 'Professional Details', 'Financial Details'] as const
type SectionName = (typeof SECTIONS)[number]

const section = (page: Page, name: SectionName) =>
  page.locator('details').filter({ has: page.getByRole('heading', { name, exact: true }) })

/** Opens a section by clicking its header, unless it is open already. */
async function openSection(page: Page, name: SectionName) {
  if ((await section(page, name).getAttribute('open')) === null) await page.getByRole('heading', { name, exact: true }).click()
  await expect(section(page, name)).toHaveAttribute('open', '')
}

const REQUIRED = {
  name: 'Asha Rao',
  dob: '1990-04-12',
  phone: '+91 98765 43210',
  qualification: 'B.Tech',
  role: 'Engineer',
  previousExperience: '2.5',
  salary: '500000',
}

async function fillRequired(page: Page, values = REQUIRED) {
  await openSection(page, 'Personal Details')
  await page.getByLabel('Full Name *').fill(values.name)
  await page.getByLabel('Date of Birth *').fill(values.dob)
  await page.getByLabel('Phone Number *').fill(values.phone)
  await page.getByLabel('Qualification *').fill(values.qualification)
  await openSection(page, 'Professional Details')
  await page.getByLabel('Role *').selectOption({ label: values.role })
  await page.getByLabel('Previous Experience (years) *').fill(values.previousExperience)
  await openSection(page, 'Financial Details')
  await page.getByLabel('Previous Organisation Salary *').fill(values.salary)
}

async function expectRequiredValues(page: Page, values = REQUIRED) {
  await expect(page.getByLabel('Full Name *')).toHaveValue(values.name)
  await expect(page.getByLabel('Date of Birth *')).toHaveValue(values.dob)
  await expect(page.getByLabel('Phone Number *')).toHaveValue(values.phone)
  await expect(page.getByLabel('Qualification *')).toHaveValue(values.qualification)
  await expect(page.getByLabel('Role *').locator('option:checked')).toHaveText(values.role)
  await expect(page.getByLabel('Previous Experience (years) *')).toHaveValue(values.previousExperience)
  await expect(page.getByLabel('Previous Organisation Salary *')).toHaveValue(values.salary)
}

const options = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator('option:not([value=""])')

test.describe('personal details screen', () => {
  test('shows the title and three sections: Personal Details open, the others collapsed; a header click toggles', async ({ page }) => {
    await signIn(page, await createVerifiedUser())
    await page.goto('/personal-details')
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible()
    await expect(section(page, 'Personal Details')).toHaveAttribute('open', '')
    await expect(section(page, 'Professional Details')).not.toHaveAttribute('open')
    await expect(section(page, 'Financial Details')).not.toHaveAttribute('open')
    await expect(page.getByLabel('Full Name *')).toBeVisible()
    await expect(page.getByLabel('Employee ID')).toBeHidden()
    await expect(page.getByLabel('Previous Organisation Salary *')).toBeHidden()

    await page.getByRole('heading', { name: 'Professional Details' }).click()
    await expect(page.getByLabel('Employee ID')).toBeVisible()
    await page.getByRole('heading', { name: 'Financial Details' }).click()
    await expect(page.getByLabel('Previous Organisation Salary *')).toBeVisible()
    await page.getByRole('heading', { name: 'Personal Details' }).click()
    await expect(page.getByLabel('Full Name *')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Submit details' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/dashboard')
  })

  test('offers every role but Admin to someone who is not an administrator', async ({ page }) => {
    await signIn(page, await createVerifiedUser())
    await page.goto('/personal-details')
    const roles = await options(page, 'Role *').allTextContents()
    expect(roles).toEqual(expect.arrayContaining(['Developer', 'Engineer', 'PMO']))
    expect(roles).not.toContain('Admin')
  })

  test('offers the marital status, blood group and currency options, with INR by default', async ({ page }) => {
    await signIn(page, await createVerifiedUser())
    await page.goto('/personal-details')
    await expect(options(page, 'Marital Status')).toHaveText(['Single', 'Married', 'Divorced', 'Widowed'])
    await expect(options(page, 'Blood Group')).toHaveText(['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'])
    await expect(options(page, 'Currency')).toHaveText(['INR', 'USD', 'EUR', 'GBP'])
    await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('INR')
  })

  test("a submit with missing fields lists them after 'Please fill the required fields: ' and opens all three sections", async ({ page }) => {
    await signIn(page, await createVerifiedUser())
    await page.goto('/personal-details')
    await hydrated(page)
    await page.getByLabel('Full Name *').fill('Asha Rao')
    await page.getByRole('button', { name: 'Submit details' }).click()
    await expect(
      page.getByText(
        'Please fill the required fields: Date of Birth, Phone Number, Qualification, Role, Previous Experience, Previous Organisation Salary',
        { exact: true },
      ),
    ).toBeVisible()
    for (const name of SECTIONS) await expect(section(page, name)).toHaveAttribute('open', '')
    // Each missing field is marked where it is.
    await expect(page.getByLabel('Date of Birth *')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Role *')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Full Name *')).not.toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Employee ID')).toBeVisible()
    await expect(page.getByLabel('Previous Organisation Salary *')).toBeVisible()
  })

  test("signed in: a successful submit goes on to the dashboard with 'Profile saved', and the form then shows the saved values", async ({ page }) => {
    const user = await createVerifiedUser()
    await signIn(page, user)
    await page.goto('/personal-details')
    await hydrated(page)
    await fillRequired(page)
    await page.getByLabel('Use a different personal email').check()
    await page.getByLabel('Personal Email', { exact: true }).fill('asha.home@example.com')
    await page.getByLabel('Marital Status').selectOption('Married')
    await page.getByLabel('Blood Group').selectOption('AB+')
    await page.getByLabel("Father's Name").fill('Ravi Rao')
    await page.getByLabel('Employee ID').fill('E-1001')
    await page.getByLabel('Currency', { exact: true }).selectOption('USD')
    await page.getByRole('button', { name: 'Submit details' }).click()
    // On to the dashboard, the confirmation at the top, once.
    await expect(page).toHaveURL(/\/dashboard(#top)?$/)
    await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible()
    await expect(page.getByText('Profile saved')).toHaveCount(0)

    await page.goto('/personal-details')
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible()
    await expectRequiredValues(page)
    await expect(page.getByLabel('Use a different personal email')).toBeChecked()
    await expect(page.getByLabel('Personal Email', { exact: true })).toHaveValue('asha.home@example.com')
    await expect(page.getByLabel('Marital Status')).toHaveValue('Married')
    await expect(page.getByLabel('Blood Group')).toHaveValue('AB+')
    await expect(page.getByLabel("Father's Name")).toHaveValue('Ravi Rao')
    await expect(page.getByLabel('Employee ID')).toHaveValue('E-1001')
    await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('USD')
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('a failed submit lists each error at the top as a link to its field, opens the sections holding them, and moves there', async ({ page: signedIn }) => {
      await signIn(signedIn, await createVerifiedUser())
      // Without JavaScript, a page that runs axe but none of the app's scripts.
      const page = await checkablePage(signedIn)
      await page.goto('/personal-details')
      await hydrated(page)
      await page.getByLabel('Full Name *').fill('Asha Rao')
      await page.getByLabel('Date of Birth *').fill('1990-04-12')
      await page.getByLabel('Phone Number *').fill('+91 98765 43210')
      await page.getByLabel('Qualification *').fill('B.Tech')
      await page.getByRole('button', { name: 'Submit details' }).click()

      const summary = page.locator('#error-summary')
      await expect(summary.getByRole('heading', { name: 'Please fill the required fields: Role, Previous Experience, Previous Organisation Salary' })).toBeVisible()
      await expect(summary.getByRole('link')).toHaveText(['Role is required', 'Previous Experience is required', 'Previous Organisation Salary is required'])
      // The page is at the summary: by its fragment without JavaScript, by focus with it.
      await expect(summary).toBeInViewport()
      if (isNoJs()) await expect(page).toHaveURL(/#error-summary$/)
      else await expect(summary).toBeFocused()
      // The closed sections holding a required field are open; nothing else changed.
      await expect(section(page, 'Professional Details')).toHaveAttribute('open', '')
      await expect(section(page, 'Financial Details')).toHaveAttribute('open', '')
      await expect(page.getByLabel('Full Name *')).toHaveValue('Asha Rao')
      await expectNoSeriousViolation(page)

      await summary.getByRole('link', { name: 'Previous Organisation Salary is required' }).click()
      const salary = page.getByLabel('Previous Organisation Salary *')
      await expect(salary).toBeInViewport()
      if (isNoJs()) await expect(page).toHaveURL(/#profile-financial\.previousOrgSalary$/)
      else await expect(salary).toBeFocused()
      await expect(salary).toHaveAttribute('aria-invalid', 'true')

      // Put right, the profile goes on to the dashboard with its confirmation.
      await page.getByLabel('Role *').selectOption({ label: 'Engineer' })
      await page.getByLabel('Previous Experience (years) *').fill('2.5')
      await salary.fill('500000')
      await page.getByRole('button', { name: 'Submit details' }).click()
      await expect(page).toHaveURL(/\/dashboard(#top)?$/)
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Profile saved' })).toBeInViewport()
      await expectNoSeriousViolation(page)
    })

    test('a value in the wrong form is named with its field in the summary', async ({ page }) => {
      await signIn(page, await createVerifiedUser())
      await page.goto('/personal-details')
      await hydrated(page)
      await fillRequired(page, { ...REQUIRED, phone: 'call me' })
      await page.getByRole('button', { name: 'Submit details' }).click()
      const summary = page.locator('#error-summary')
      await expect(summary.getByRole('heading', { name: 'Please correct this field:' })).toBeVisible()
      await expect(summary.getByRole('link')).toHaveText(['Phone Number: Enter a valid phone number'])
      await summary.getByRole('link').click()
      await expect(page.getByLabel('Phone Number *')).toBeInViewport()
    })
  })

  test.describe('a Full Name that would pass for another in the logs and exports is refused beside the field', () => {
    for (const [name, message] of [
      ['System', 'Full Name cannot be “System”: the audit log calls the portal\'s own changes so'],
      ['=HYPERLINK("http://evil.test")', 'Full Name cannot start with =, +, - or @'],
    ] as const) {
      test(`${name}: "${message}"`, async ({ page }) => {
        await signIn(page, await createVerifiedUser())
        await page.goto('/personal-details')
        await hydrated(page)
        await fillRequired(page, { ...REQUIRED, name })
        await page.getByRole('button', { name: 'Submit details' }).click()
        const summary = page.locator('#error-summary')
        await expect(summary.getByRole('link')).toHaveText([message])
        await expect(page.getByLabel('Full Name *')).toHaveAttribute('aria-invalid', 'true')
        await expect(page.getByLabel('Full Name *')).toHaveValue(name)
        await expect(page).not.toHaveURL(/\/dashboard/)
      })
    }
  })

  test("signed in: 'Use a different personal email' unlocks the email field, which otherwise keeps the login email", async ({ page }) => {
    const user = await createVerifiedUser()
    await signIn(page, user)
    await page.goto('/personal-details')
    await expect(page.getByText(`Won't change your login email (${user.email})`, { exact: true })).toBeVisible()
    const box = page.getByLabel('Use a different personal email')
    await expect(box).toBeVisible()
    await expect(box).not.toBeChecked()
    // Disabling the field until the box is ticked needs JavaScript; without it the field stays
    // editable and the server keeps the login email unless the box is ticked.
    if (isNoJs()) return
    await hydrated(page)
    const email = page.getByLabel('Personal Email', { exact: true })
    await expect(email).toBeDisabled()
    await box.check()
    await expect(email).toBeEnabled()
    await box.uncheck()
    await expect(email).toBeDisabled()
  })

  test('signed out: a visit goes to /login remembering the page, and signing in comes back to it', async ({ page }) => {
    const user = await createVerifiedUser()
    await page.goto('/personal-details')
    await expect(page).toHaveURL('/login?redirectTo=%2Fpersonal-details')
    await hydrated(page)
    await signInWithForm(page, user)
    await expect(page).toHaveURL('/personal-details')
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible()
  })

  test("a session that ends while the form is open: submit opens 'Login required' and keeps the form; Close closes it", async ({ page }) => {
    const user = await createVerifiedUser()
    await signIn(page, user)
    await page.goto('/personal-details')
    await hydrated(page)
    await fillRequired(page)
    await endSessionElsewhere(page)
    await page.getByRole('button', { name: 'Submit details' }).click()
    const dialog = page.getByRole('dialog', { name: 'Login required' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Please log in to submit your details. Your form is saved as draft.')
    await expect(dialog.getByRole('link', { name: 'Go to login' })).toBeVisible()
    await dialog.getByRole('link', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/personal-details(\?login=required)?$/)
    await expect(page.getByText('You can fill in this form now; you will be asked to log in when you submit.')).toBeVisible()
    await expectRequiredValues(page)
  })

  test("a session that ends while the form is open: 'Go to login' and signing in come back with the typed values restored", async ({ page }) => {
    const user = await createVerifiedUser()
    await signIn(page, user)
    await page.goto('/personal-details')
    await hydrated(page)
    await fillRequired(page)
    await page.getByLabel("Mother's Name").fill('Lata Rao')
    await endSessionElsewhere(page)
    await page.getByRole('button', { name: 'Submit details' }).click()
    await page.getByRole('dialog', { name: 'Login required' }).getByRole('link', { name: 'Go to login' }).click()
    await expect(page).toHaveURL('/login?redirectTo=%2Fpersonal-details')

    await signInWithForm(page, user)
    await expect(page).toHaveURL('/personal-details')
    await expect(page.getByText(`Won't change your login email (${user.email})`)).toBeVisible()
    await expectRequiredValues(page)
    await expect(page.getByLabel("Mother's Name")).toHaveValue('Lata Rao')
  })
})
