import { E2E_TIME_ZONE } from '../playwright.config'
import { expect, test, type AdminSession, type Page, type Unique } from './support/fixtures'
import { createEmployee } from './support/users'

/** A new user who filled in their profile picking Developer: their role, which grants nothing. */
async function userWithProfile(admin: AdminSession, unique: Unique) {
  return createEmployee({ name: unique('History User'), roleId: await admin.roleIdOf('Developer'), workLocation: unique('Loc'), designation: 'Analyst' })
}

/** The administrator changes the role on the user's profile (PUT /form/profile/{id}), which grants it. */
async function changeRole(admin: AdminSession, userId: string, roleName: string) {
  const roleId = await admin.roleIdOf(roleName)
  const before = new Date()
  await admin.updateProfile(userId, { roleId })
  // Updated By: the name with the email beside it, which tells apart two people of one name.
  return { by: admin.user.fullName ? `${admin.user.fullName} (${admin.user.email})` : admin.user.email, between: [before, new Date()] as const }
}

/** Updated At as the screen writes it: en-US numeric, in the organisation's time zone (TIME_ZONE), named. */
const shown = (date: Date) =>
  date.toLocaleString('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: E2E_TIME_ZONE, timeZoneName: 'short' })
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** Either end of the interval, in case the minute turned while the change was saved. */
const shownBetween = ([from, to]: readonly [Date, Date]) => new RegExp(`^(${[...new Set([shown(from), shown(to)])].map(escape).join('|')})$`)

const rowsOf = (page: Page, name: string) => page.getByRole('main').getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })

test.describe('Role History', () => {
  test("a person's own pick is a row by themselves; an administrator's change is a row by them, its Previous Role the role really held", async ({ page, open, admin, unique }) => {
    const picked = new Date()
    const user = await userWithProfile(admin, unique)
    const pickedBetween = [picked, new Date()] as const
    await open('/role-history')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Role History')
    await expect(page.getByRole('main').getByRole('columnheader')).toHaveText(['User Name', 'Previous Role', 'New Role', 'Updated By', 'Updated At'])
    const own = rowsOf(page, user.name).getByRole('cell')
    await expect(own).toHaveText([user.name, 'User', 'Developer', `${user.name} (${user.email})`, shownBetween(pickedBetween)])

    const change = await changeRole(admin, user.id, 'Engineer')
    await page.reload()
    const rows = rowsOf(page, user.name)
    await expect(rows).toHaveCount(2)
    const cells = rows.nth(0).getByRole('cell')
    await expect(cells).toHaveCount(5)
    await expect(cells.nth(0)).toHaveText(user.name)
    await expect(cells.nth(1)).toHaveText('Developer')
    await expect(cells.nth(2)).toHaveText('Engineer')
    await expect(cells.nth(3)).toHaveText(change.by)
    await expect(cells.nth(4)).toHaveText(shownBetween(change.between))
  })

  test('each change is a row, newest first, its previous role being the role the change replaced', async ({ page, open, admin, unique }) => {
    const user = await userWithProfile(admin, unique)
    await changeRole(admin, user.id, 'Engineer')
    await changeRole(admin, user.id, 'PMO')
    await open('/role-history')
    const rows = rowsOf(page, user.name)
    await expect(rows).toHaveCount(3)
    const roles = async (index: number) => [await rows.nth(index).getByRole('cell').nth(1).textContent(), await rows.nth(index).getByRole('cell').nth(2).textContent()]
    expect([await roles(0), await roles(1), await roles(2)]).toEqual([
      ['Engineer', 'PMO'],
      ['Developer', 'Engineer'],
      ['User', 'Developer'],
    ])
  })

  test("the 'Users' button goes to /users", async ({ page, open }) => {
    await open('/role-history')
    await page.getByRole('main').getByRole('link', { name: 'Users', exact: true }).click()
    await expect(page).toHaveURL('/users')
    await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible()
  })

  test("an ordinary user (no permissions) gets the 'Access denied' page", async ({ page, expectDenied }) => {
    await expectDenied('/role-history')
    await expect(page.getByRole('heading', { name: 'Role History' })).toHaveCount(0)
  })
})
