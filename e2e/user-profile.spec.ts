import { E2E_ADMIN } from '../playwright.config'
import { expect, test, type AdminSession, type Page, type Unique } from './support/fixtures'
import { hydrated, isNoJs, landingOf, signIn } from './support/session'
import { createEmployee, createVerifiedUser } from './support/users'

/** The value shown beside a term, inside the named section (or anywhere on the page). */
const detail = (page: Page, term: string, section?: string) =>
  (section ? page.locator('section, aside', { has: page.getByRole('heading', { name: section, exact: true }) }) : page).locator(`dt:text-is("${term}") + dd`)
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

/** An account with a profile filled in through the API: a name, a phone, a birth date, a designation. */
async function userWithProfile(admin: AdminSession, unique: Unique) {
  const user = await createVerifiedUser()
  const id = await admin.userIdOf(user.email)
  const name = `Asha Rao ${unique.tag()}`
  await admin.updateProfile(id, {
    personal: { name, phone: '+91 98765 43210', dob: '1990-04-12' },
    professional: { designation: 'Site Engineer', dateOfJoining: '2021-01-05', previousExperience: 3 },
  })
  return { ...user, id, name }
}

test.describe('user profile', () => {
  test('shows the name, user ID, @username, phone and email, the three sections and the contact information', async ({ page, admin, unique }) => {
    const user = await userWithProfile(admin, unique)
    await signIn(page, E2E_ADMIN)
    await page.goto(`/users/${user.id}/profile`)
    await expect(page.getByRole('heading', { name: user.name, level: 1 })).toBeVisible()
    await expect(page.getByText(`@${user.name.toLowerCase().replace(/ /g, '_')}`, { exact: true })).toBeVisible()
    await expect(detail(page, 'User ID')).toHaveText(user.id)
    await expect(detail(page, 'Phone').first()).toHaveText('+91 98765 43210')
    await expect(detail(page, 'Email')).toHaveText(user.email)
    await expect(page.locator('.profile-status')).toHaveText('Active')
    for (const section of ['Organizations', 'Personal details', 'Professional details', 'Contact information']) {
      await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible()
    }
    await expect(detail(page, 'Designation', 'Organizations')).toHaveText('Site Engineer')
    await expect(detail(page, 'Work Location', 'Organizations')).toHaveText('Not provided')
    // Dates in en-US numeric form; missing values 'Not provided'.
    await expect(detail(page, 'Date of Birth', 'Personal details')).toHaveText('4/12/1990')
    await expect(detail(page, 'Date of Joining', 'Professional details')).toHaveText('1/5/2021')
    await expect(detail(page, 'Blood Group', 'Personal details')).toHaveText('Not provided')
    await expect(detail(page, 'Date of Leaving', 'Professional details')).toHaveText('Not provided')
    await expect(detail(page, 'Login', 'Contact information')).toHaveText(user.email)
    await expect(detail(page, 'Personal', 'Contact information')).toHaveText('Not provided')
    await expect(detail(page, 'Phone', 'Contact information')).toHaveText('+91 98765 43210')
    await expect(page.getByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', '/users')
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible()
  })

  test('an administrator edits the phone, status and role; Save Changes stores them and returns to view mode', async ({ page, admin, unique }) => {
    const user = await userWithProfile(admin, unique)
    await signIn(page, E2E_ADMIN)
    await page.goto(`/users/${user.id}/profile`)
    await page.getByRole('link', { name: 'Edit Profile' }).click()
    await expect(page).toHaveURL(`/users/${user.id}/profile?edit=1`)
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0)
    await expect(page.getByLabel('Phone Number')).toHaveValue('+91 98765 43210')
    await expect(page.getByLabel('Date of Birth')).toHaveAttribute('type', 'date')
    await expect(page.getByLabel('Total Experience (years)')).toHaveAttribute('type', 'number')
    await expect(page.getByLabel('Marital Status').locator('option:not([value=""])')).toHaveText(['Single', 'Married', 'Divorced', 'Widowed'])
    await expect(page.getByLabel('Blood Group').locator('option:not([value=""])')).toHaveText(['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'])
    await expect(page.getByLabel('Status', { exact: true }).locator('option')).toHaveText(['Active', 'Inactive'])

    await page.getByLabel('Phone Number').fill('+91 90000 11111')
    await page.getByLabel('Status', { exact: true }).selectOption('Inactive')
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Engineer' })
    await page.getByLabel('Blood Group').selectOption('O+')
    await page.getByRole('button', { name: 'Save Changes' }).click()

    await expect(page).toHaveURL(`/users/${user.id}/profile`)
    await expect(detail(page, 'Phone Number', 'Personal details')).toHaveText('+91 90000 11111')
    await expect(detail(page, 'Blood Group', 'Personal details')).toHaveText('O+')
    await expect(detail(page, 'Role', 'Professional details')).toHaveText('Engineer')
    await expect(page.locator('.profile-status')).toHaveText('Inactive')
    // What the form does not show is kept as it was.
    await expect(detail(page, 'Date of Birth', 'Personal details')).toHaveText('4/12/1990')
    await page.goto(`/users?${new URLSearchParams({ q: user.email })}`)
    await expect(page.getByRole('row').filter({ hasText: user.email })).toContainText('Inactive')
  })

  test('Cancel returns to view mode without saving', async ({ page, admin, unique }) => {
    const user = await userWithProfile(admin, unique)
    await signIn(page, E2E_ADMIN)
    await page.goto(`/users/${user.id}/profile?edit=1`)
    await hydrated(page)
    await page.getByLabel('Phone Number').fill('+91 11111 22222')
    await page.getByRole('link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(`/users/${user.id}/profile`)
    await expect(detail(page, 'Phone Number', 'Personal details')).toHaveText('+91 98765 43210')
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible()
  })

  test('a wrong value is named beside its field and nothing is saved', async ({ page, admin, unique }) => {
    const user = await userWithProfile(admin, unique)
    await signIn(page, E2E_ADMIN)
    await page.goto(`/users/${user.id}/profile?edit=1`)
    await hydrated(page)
    await page.getByLabel('Phone Number').fill('call me')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.locator('#profile-edit-personal\\.phone-error')).toHaveText('Enter a valid phone number')
    // At the top of the long form, the summary names the refused field and links to it; without JavaScript the page opens there.
    const summary = page.locator('#error-summary')
    await expect(summary.getByRole('heading', { name: 'Please correct this field:' })).toBeVisible()
    await expect(summary.getByRole('link')).toHaveText(['Phone Number: Enter a valid phone number'])
    // Without JavaScript the page opens focused on it; with it, the refused field takes the focus.
    if (isNoJs()) {
      await expect(summary).toBeFocused()
      await expect(summary).toBeInViewport()
    } else await expect(page.getByLabel('Phone Number')).toBeFocused()
    await summary.getByRole('link').click()
    if (isNoJs()) await expect(page).toHaveURL(/#profile-edit-personal\.phone$/)
    else await expect(page.getByLabel('Phone Number')).toBeFocused()
    await page.goto(`/users/${user.id}/profile`)
    await expect(detail(page, 'Phone Number', 'Personal details')).toHaveText('+91 98765 43210')
  })

  test("a refused save shows 'Failed to update profile' with the server's message", async ({ page, admin, unique }) => {
    // The target picked a role carrying delete; a PMO (view, add, edit) saving their profile would confirm it.
    const remover = await admin.call<{ _id: string }>('/roles', { method: 'POST', body: { name: unique('Remover'), permissions: ['view', 'delete'] } })
    const target = await createEmployee({ name: `Rita Remover ${unique.tag()}`, roleId: remover._id })
    const editor = await admin.accountHolding(await admin.roleIdOf('PMO'))
    await signIn(page, editor)
    await page.goto(`/users/${target.id}/profile?edit=1`)
    await hydrated(page)
    await page.getByLabel('Phone Number').fill('+91 90000 22222')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to update profile' })).toContainText('You cannot grant the delete permission, which you do not hold.')
    await expect(page).toHaveURL(`/users/${target.id}/profile?edit=1`)
  })

  test('the Role select offers Admin only to an administrator, and to an editor only the roles they may grant', async ({ page, admin, unique }) => {
    const target = await userWithProfile(admin, unique)
    const editor = await admin.accountHolding(await admin.roleIdOf('PMO'))
    const roleOptions = () => page.getByLabel('Role', { exact: true }).locator('option:not([value=""])')

    await signIn(page, editor)
    await page.goto(`/users/${target.id}/profile?edit=1`)
    const offered = await roleOptions().allTextContents()
    expect(offered).toEqual(expect.arrayContaining(['Developer', 'Engineer', 'PMO']))
    expect(offered).not.toContain('Admin')

    await signIn(page, E2E_ADMIN)
    await page.goto(`/users/${target.id}/profile?edit=1`)
    expect(await roleOptions().allTextContents()).toEqual(expect.arrayContaining(['Admin', 'Developer', 'Engineer', 'PMO']))
  })

  test("an unknown user shows 'User not found' with a back button to /users", async ({ page }) => {
    await signIn(page, E2E_ADMIN)
    for (const id of [UNKNOWN_ID, 'not-an-id']) {
      const response = await page.goto(`/users/${id}/profile`)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible()
    }
    await page.getByRole('link', { name: 'Back to Users' }).click()
    await expect(page).toHaveURL('/users')
    await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible()
  })
})

test.describe('user profile access', () => {
  test('everyone may open and edit their own profile', async ({ page }) => {
    const user = await createVerifiedUser()
    await signIn(page, user)
    const { user: me } = await landingOf(page)
    await page.goto(`/users/${me!._id}/profile`)
    await expect(detail(page, 'Email')).toHaveText(user.email)
    await page.getByRole('link', { name: 'Edit Profile' }).click()
    // One's own account status is shown, not offered.
    await expect(page.getByLabel('Status', { exact: true })).toHaveCount(0)
    await page.getByLabel('Full Name').fill('Own Name')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page).toHaveURL(`/users/${me!._id}/profile`)
    await expect(page.getByRole('heading', { name: 'Own Name', level: 1 })).toBeVisible()
    await expect(page.getByText('@own_name', { exact: true })).toBeVisible()
  })

  test("an ordinary user gets 'Access denied' on someone else's profile", async ({ admin, unique, expectDenied }) => {
    const other = await userWithProfile(admin, unique)
    await expectDenied(`/users/${other.id}/profile`)
  })

  test("with view but not edit, someone else's profile opens read-only and edit mode is denied", async ({ page, admin, unique }) => {
    const other = await userWithProfile(admin, unique)
    const viewer = await admin.accountHolding(await admin.roleIdOf('Engineer'))
    await signIn(page, viewer)
    await page.goto(`/users/${other.id}/profile`)
    await expect(page.getByRole('heading', { name: other.name })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0)
    await page.goto(`/users/${other.id}/profile?edit=1`)
    await hydrated(page)
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()
  })

  test("the date of birth is the person's and the administrators' only: someone with view or edit sees the phone, not the birth date", async ({ page, admin, unique }) => {
    const other = await userWithProfile(admin, unique)
    const editor = await admin.accountHolding(await admin.roleIdOf('PMO'))
    await signIn(page, editor)
    await page.goto(`/users/${other.id}/profile`)
    await expect(page.getByRole('heading', { name: other.name })).toBeVisible()
    await expect(detail(page, 'Phone', 'Contact information')).toHaveText('+91 98765 43210')
    await expect(page.getByText('Date of Birth', { exact: true })).toHaveCount(0)
    await expect(page.getByText('4/12/1990')).toHaveCount(0)
    await page.goto(`/users/${other.id}/profile?edit=1`)
    await expect(page.getByLabel('Phone Number')).toBeVisible()
    await expect(page.getByLabel(/Date of Birth/)).toHaveCount(0)

    await signIn(page, E2E_ADMIN)
    await page.goto(`/users/${other.id}/profile`)
    await expect(detail(page, 'Date of Birth', 'Personal details')).toHaveText('4/12/1990')
  })
})
