import { E2E_ADMIN } from '../playwright.config'
import { expect, test, type AdminSession, type Page, type Unique } from './support/fixtures'
import { signIn } from './support/session'
import { createVerifiedUser } from './support/users'

/** Personal data on a need-to-know basis (issue 30 §5): what a profile shows to whom. */

const detail = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`)
const FAMILY = {
  'Marital Status': ['maritalStatus', 'Married'],
  "Father's Name": ['fatherName', 'Ravi Rao'],
  "Father's Occupation": ['fatherOccupation', 'Teacher'],
  "Mother's Name": ['motherName', 'Meena Rao'],
  "Mother's Occupation": ['motherOccupation', 'Surgeon'],
  Siblings: ['siblings', 'Two sisters'],
} as const

async function personWithFamily(admin: AdminSession, unique: Unique) {
  const user = await createVerifiedUser()
  const id = await admin.userIdOf(user.email)
  const name = `Asha Rao ${unique.tag()}`
  const family = Object.fromEntries(Object.values(FAMILY))
  await admin.updateProfile(id, { personal: { name, phone: '+91 98765 43210', bloodGroup: 'B-', dob: '1990-04-12', ...family } })
  return { ...user, id, name }
}

// An employee's phone, where a viewer on site opens a colleague's profile.
test.use({ viewport: { width: 390, height: 844 } })

test("someone with view sees a colleague's contact details and blood group, not their family details or birth date", async ({ page, admin, unique, viewer }) => {
  const person = await personWithFamily(admin, unique)
  await signIn(page, viewer)
  await page.goto(`/users/${person.id}/profile`)
  await expect(page.getByRole('heading', { name: person.name, level: 1 })).toBeVisible()
  await expect(detail(page, 'Blood Group')).toHaveText('B-')
  await expect(detail(page, 'Phone Number')).toHaveText('+91 98765 43210')
  for (const [term, [, value]] of Object.entries(FAMILY)) {
    await expect(page.getByText(term, { exact: true })).toHaveCount(0)
    await expect(page.getByText(value, { exact: true })).toHaveCount(0)
  }
  await expect(page.getByText('Date of Birth', { exact: true })).toHaveCount(0)
  // Nor is any of it in the page's data.
  const html = await page.content()
  for (const [, value] of Object.values(FAMILY)) expect(html).not.toContain(value)
})

test('an administrator and the person see the family details', async ({ page, admin, unique }) => {
  const person = await personWithFamily(admin, unique)
  for (const reader of [E2E_ADMIN, person]) {
    await signIn(page, reader)
    await page.goto(`/users/${person.id}/profile`)
    await expect(page.getByRole('heading', { name: person.name, level: 1 })).toBeVisible()
    for (const [term, [, value]] of Object.entries(FAMILY)) await expect(detail(page, term)).toHaveText(value)
    await expect(detail(page, 'Blood Group')).toHaveText('B-')
    await expect(detail(page, 'Date of Birth')).toHaveText('4/12/1990')
  }
})
