import { expect, test as base, type AdminSession, type Locator, type Page, type Unique } from './support/fixtures'
import { isNoJs, withoutJavaScript } from './support/session'
import { createEmployee } from './support/users'

interface Role {
  _id: string
  name: string
  permissions: string[]
}

/** Roles and their holders, made through the API as the administrator. */
function people(admin: AdminSession, unique: Unique) {
  return {
    async allRoles() {
      return (await admin.call<{ roles: Role[] }>('/roles')).roles
    },
    /** A new role made by the administrator through POST /roles. */
    createRole(permissions: string[], name = unique('Role')) {
      return admin.call<Role>('/roles', { method: 'POST', body: { name, permissions } })
    },
    /**
     * A new user who holds the role at the work location: they fill in their profile (picking some
     * other role, which grants nothing), then the administrator changes the profile's role, which grants it.
     */
    async createHolder(role: Role, workLocation: string, designation = 'Engineer II') {
      const other = (await this.allRoles()).find((candidate) => candidate._id !== role._id && candidate.name !== 'Admin')!
      const holder = await createEmployee({ name: unique('Holder'), roleId: other._id, workLocation, designation })
      await admin.updateProfile(holder.id, { roleId: role._id })
      return { ...holder, designation }
    },
  }
}

const test = base.extend<{ team: ReturnType<typeof people> }>({
  team: async ({ admin, unique }, provide) => provide(people(admin, unique)),
})

const group = (page: Page, location: string) => page.getByRole('main').getByRole('region', { name: location, exact: true })
const roleRow = (scope: Locator, roleName: string) => scope.getByRole('row').filter({ has: scope.page().getByRole('rowheader', { name: roleName, exact: true }) })
const groupHeadings = (page: Page) => page.getByRole('main').getByRole('region').getByRole('heading', { level: 2 })

/** Without JavaScript the filters apply on the Apply button; with it, on every change. */
async function applyFilters(page: Page) {
  if (isNoJs()) await page.getByRole('button', { name: 'Apply' }).click()
}

/** Opens, as the administrator, the users dialog of a role at a location, after checking its count. */
async function openUsersOf(page: Page, open: (path: string) => Promise<void>, location: string, roleName: string, count: number) {
  await open('/roles')
  const row = roleRow(group(page, location), roleName)
  await expect(row.locator('.count')).toHaveText(String(count))
  await row.getByRole('link', { name: /View users/ }).click()
  const dialog = page.getByRole('dialog', { name: `${location} • ${roleName} — Users (${count})` })
  await expect(dialog).toBeVisible()
  return dialog
}

/** A person's View, Add, Edit and Delete boxes in the users dialog, in that order. */
const permissionBoxes = (dialog: Locator, name: string) =>
  ['View', 'Add', 'Edit', 'Delete'].map((permission) => dialog.getByRole('checkbox', { name: `${permission} permission of ${name}` }))

test.describe('Role & Permissions', () => {
  test('shows the title, subtitle, search box, Location and Role filters and the role list columns', async ({ page, open }) => {
    await open('/roles')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Role & Permissions')
    await expect(main.getByText('View users grouped by work location and role.', { exact: true })).toBeVisible()
    await expect(main.getByRole('searchbox', { name: 'Search', exact: true })).toHaveAttribute('placeholder', 'Search user, role, location, permission')
    const roleFilter = main.getByRole('combobox', { name: 'Role', exact: true })
    await expect(main.getByRole('combobox', { name: 'Location', exact: true })).toBeVisible()
    await expect(roleFilter).toBeVisible()
    for (const name of ['All roles', 'Developer', 'Engineer', 'PMO', 'Admin']) {
      await expect(roleFilter.getByRole('option', { name, exact: true })).toBeAttached()
    }
    await expect(main.getByRole('link', { name: 'Add Role' })).toBeVisible()
    // The seeded administrator holds Admin, so there is at least one location group.
    await expect(main.getByRole('table').first().getByRole('columnheader')).toHaveText(['Roles', 'Users', 'Permissions'])
  })

  test("a role row shows the role's name, its user count, 'View users' and its permission badges", async ({ page, open, team, unique }) => {
    const role = await team.createRole(['view', 'add'])
    const location = unique('Loc')
    await team.createHolder(role, location)
    await open('/roles')
    const row = roleRow(group(page, location), role.name)
    await expect(row.getByRole('rowheader')).toHaveText(role.name)
    await expect(row.locator('.count')).toHaveText('1')
    await expect(row.getByRole('link', { name: /View users/ })).toHaveText('View users')
    await expect(row.locator('.badge')).toHaveText(['View', 'Add'])
  })

  test("'View users' opens the read-only users dialog of that role at that location; a search with no match shows 'No users found.'", async ({ page, open, team, unique }) => {
    const role = await team.createRole(['view', 'delete'])
    const location = unique('Loc')
    const first = await team.createHolder(role, location, 'Site Engineer')
    const second = await team.createHolder(role, location, 'Planner')
    const elsewhere = await team.createHolder(role, unique('Loc'))
    const dialog = await openUsersOf(page, open, location, role.name, 2)
    const search = dialog.getByRole('searchbox', { name: 'Search users' })
    await expect(search).toHaveAttribute('placeholder', 'Search users by name or email')
    await expect(dialog.getByRole('columnheader')).toHaveText(['User', 'Email', 'Designation', 'View', 'Add', 'Edit', 'Delete'])
    await expect(dialog.getByRole('row')).toHaveCount(3)
    await expect(dialog.getByText(elsewhere.email)).toHaveCount(0)
    for (const holder of [first, second]) {
      const cells = dialog.getByRole('row').filter({ hasText: holder.email }).getByRole('cell')
      await expect(cells.nth(0)).toHaveText(holder.name)
      await expect(cells.nth(1)).toHaveText(holder.email)
      await expect(cells.nth(2)).toHaveText(holder.designation)
      // The holder has exactly the role's permissions: view and delete, not add.
      const [view, add, edit, remove] = permissionBoxes(dialog, holder.name)
      await expect(view).toBeChecked()
      await expect(add).not.toBeChecked()
      await expect(edit).not.toBeChecked()
      await expect(remove).toBeChecked()
      for (const box of [view, add, edit, remove]) await expect(box).toBeDisabled()
    }

    await search.fill(second.email)
    await dialog.getByRole('button', { name: 'Search' }).click()
    await expect(dialog.getByRole('row')).toHaveCount(2)
    await expect(dialog.getByRole('cell', { name: second.email, exact: true })).toBeVisible()
    // The title still counts every user of the role at this location.
    await expect(page.getByRole('dialog', { name: `${location} • ${role.name} — Users (2)` })).toBeVisible()

    await dialog.getByRole('searchbox', { name: 'Search users' }).fill('no-such-user-anywhere')
    await dialog.getByRole('button', { name: 'Search' }).click()
    await expect(dialog.getByText('No users found.', { exact: true })).toBeVisible()
    await expect(dialog.getByRole('table')).toHaveCount(0)

    await dialog.getByRole('link', { name: 'Close' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test("people are grouped and counted under the role on their profile: one who picked it holds nothing until an administrator confirms it", async ({ page, open, team, admin, unique }) => {
    const role = await team.createRole(['view', 'add'])
    const location = unique('Loc')
    const picker = await createEmployee({ name: unique('Picker'), roleId: role._id, workLocation: location, designation: 'Trainee' })
    const confirmed = await createEmployee({ name: unique('Confirmed'), roleId: role._id, workLocation: location, designation: 'Lead' })
    await admin.updateProfile(confirmed.id, {})
    const dialog = await openUsersOf(page, open, location, role.name, 2)
    for (const box of permissionBoxes(dialog, picker.name)) await expect(box).not.toBeChecked()
    const [view, add, edit, remove] = permissionBoxes(dialog, confirmed.name)
    await expect(view).toBeChecked()
    await expect(add).toBeChecked()
    await expect(edit).not.toBeChecked()
    await expect(remove).not.toBeChecked()

    // The Role filter with the created role, and the search, find the person who picked it.
    await page.goto(`/roles?${new URLSearchParams({ role: role.name, q: picker.name })}`)
    await expect(groupHeadings(page)).toHaveText([location])
    await expect(roleRow(group(page, location), role.name).locator('.count')).toHaveText('1')
  })

  test("a role nobody holds is listed with 0 users and its 'View users' disabled", async ({ page, open, team }) => {
    const role = await team.createRole(['edit'])
    await open('/roles')
    const row = roleRow(group(page, 'Not held by anyone yet'), role.name)
    await expect(row.locator('.count')).toHaveText('0')
    await expect(row.getByRole('button', { name: 'View users' })).toBeDisabled()
    await expect(row.getByRole('link', { name: /View users/ })).toHaveCount(0)
    await expect(row.locator('.badge')).toHaveText(['Edit'])
  })

  test('the Location filter narrows the list to that location’s group', async ({ page, open, team, unique }) => {
    const role = await team.createRole(['view'])
    const [here, there] = [unique('Loc'), unique('Loc')]
    await team.createHolder(role, here)
    await team.createHolder(role, here)
    await team.createHolder(role, there)
    await open('/roles')
    await expect(roleRow(group(page, here), role.name).locator('.count')).toHaveText('2')
    await expect(roleRow(group(page, there), role.name).locator('.count')).toHaveText('1')

    await page.getByRole('combobox', { name: 'Location', exact: true }).selectOption(here)
    await applyFilters(page)
    await expect(page).toHaveURL(new RegExp(`[?&]location=${here}(&|$)`))
    await expect(groupHeadings(page)).toHaveText([here])
    await expect(roleRow(group(page, here), role.name).locator('.count')).toHaveText('2')
  })

  test('the Role filter narrows the list to that role', async ({ page, open, team, unique }) => {
    const role = await team.createRole(['view'])
    const location = unique('Loc')
    await team.createHolder(role, location)
    await open('/roles')
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption(role.name)
    await applyFilters(page)
    await expect(page).toHaveURL(/[?&]role=/)
    await expect(groupHeadings(page)).toHaveText([location])
    await expect(page.getByRole('main').getByRole('rowheader')).toHaveText([role.name])
  })

  test('the search finds users by location, and a role nobody holds by its name', async ({ page, open, team, unique }) => {
    const held = await team.createRole(['view'])
    const location = unique('Loc')
    await team.createHolder(held, location)
    const unheld = await team.createRole(['add'])
    await open('/roles')
    const search = page.getByRole('searchbox', { name: 'Search', exact: true })

    await search.fill(location)
    await applyFilters(page)
    await expect(page).toHaveURL(new RegExp(`[?&]q=${location}(&|$)`))
    await expect(groupHeadings(page)).toHaveText([location])

    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(unheld.name)
    await applyFilters(page)
    await expect(page).toHaveURL(new RegExp(`[?&]q=${unheld.name}(&|$)`))
    await expect(groupHeadings(page)).toHaveText(['Not held by anyone yet'])
    await expect(page.getByRole('main').getByRole('rowheader')).toHaveText([unheld.name])

    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('no-such-role-user-or-place')
    await applyFilters(page)
    await expect(page.getByText('No roles found. Create your first role to get started.', { exact: true })).toBeVisible()
  })

  test.describe('Add Role', () => {
    const openAddRole = async (page: Page, open: (path: string) => Promise<void>) => {
      await open('/roles')
      await page.getByRole('link', { name: 'Add Role' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add New Role' })
      await expect(dialog).toBeVisible()
      return dialog
    }

    test('shows Role Name, the View, Add, Edit, Delete checkboxes, Cancel and Save Role', async ({ page, open }) => {
      const dialog = await openAddRole(page, open)
      await expect(dialog.getByRole('textbox', { name: 'Role Name' })).toBeVisible()
      const permissions = dialog.getByRole('group', { name: 'Permissions' })
      for (const name of ['View', 'Add', 'Edit', 'Delete']) await expect(permissions.getByRole('checkbox', { name, exact: true })).not.toBeChecked()
      await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Save Role' })).toBeVisible()
    })

    test("an empty form shows 'Role name is required' and 'At least one permission must be selected'", async ({ page, open }) => {
      const dialog = await openAddRole(page, open)
      await dialog.getByRole('button', { name: 'Save Role' }).click()
      await expect(dialog.getByText('Role name is required', { exact: true })).toBeVisible()
      await expect(dialog.getByText('At least one permission must be selected', { exact: true })).toBeVisible()
      await expect(dialog.getByRole('textbox', { name: 'Role Name' })).toHaveAttribute('aria-invalid', 'true')
    })

    test('a name of spaces only is refused as empty', async ({ page, open }) => {
      const dialog = await openAddRole(page, open)
      await dialog.getByRole('textbox', { name: 'Role Name' }).fill('   ')
      await dialog.getByRole('checkbox', { name: 'View', exact: true }).check()
      await dialog.getByRole('button', { name: 'Save Role' }).click()
      await expect(dialog.getByText('Role name is required', { exact: true })).toBeVisible()
      await expect(dialog.getByText('At least one permission must be selected', { exact: true })).toHaveCount(0)
    })

    test('a valid name with View and Edit creates the role, listed with its badges (name sent trimmed)', async ({ page, open, team, unique }) => {
      const name = unique('QA Lead')
      const dialog = await openAddRole(page, open)
      await dialog.getByRole('textbox', { name: 'Role Name' }).fill(`  ${name}  `)
      await dialog.getByRole('checkbox', { name: 'View', exact: true }).check()
      await dialog.getByRole('checkbox', { name: 'Edit', exact: true }).check()
      await dialog.getByRole('button', { name: 'Save Role' }).click()

      await expect(page).toHaveURL('/roles')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      const row = roleRow(group(page, 'Not held by anyone yet'), name)
      await expect(row.locator('.badge')).toHaveText(['View', 'Edit'])
      await expect(row.locator('.count')).toHaveText('0')
      await expect(page.getByRole('combobox', { name: 'Role', exact: true }).getByRole('option', { name, exact: true })).toBeAttached()
      expect((await team.allRoles()).find((role) => role.name === name)?.permissions).toEqual(['view', 'edit'])
    })

    test("a name already taken, in any case or in look-alike letters, shows the server's message and keeps the dialog open", async ({ page, open, team }) => {
      const dialog = await openAddRole(page, open)
      // PMO as it is, in lower case, and in Cyrillic capitals that look the same.
      for (const twin of ['PMO', 'pmo', '\u0420\u041c\u041e']) {
        await dialog.getByRole('textbox', { name: 'Role Name' }).fill(twin)
        await dialog.getByRole('checkbox', { name: 'View', exact: true }).check()
        await dialog.getByRole('button', { name: 'Save Role' }).click()
        await expect(dialog.getByRole('alert').filter({ hasText: `A role named "${twin}" already exists` })).toBeVisible()
        await expect(dialog.getByRole('textbox', { name: 'Role Name' })).toHaveValue(twin)
      }
      const roles = await team.allRoles()
      expect(roles.filter((role) => role.name === 'PMO')).toHaveLength(1)
      expect(roles.filter((role) => role.name === 'pmo' || role.name === '\u0420\u041c\u041e')).toHaveLength(0)
    })

    test('Cancel closes the dialog without saving', async ({ page, open, team, unique }) => {
      const name = unique('Never Saved')
      const dialog = await openAddRole(page, open)
      await dialog.getByRole('textbox', { name: 'Role Name' }).fill(name)
      await dialog.getByRole('checkbox', { name: 'Add', exact: true }).check()
      await dialog.getByRole('link', { name: 'Cancel' }).click()
      await expect(page).toHaveURL('/roles')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page.getByRole('rowheader', { name, exact: true })).toHaveCount(0)
      expect((await team.allRoles()).some((role) => role.name === name)).toBe(false)
    })
  })

  test.describe('with JavaScript', () => {
    test.skip(withoutJavaScript, 'a modal dialog and Escape need JavaScript')

    test('the users dialog is modal and Escape closes it, keeping the filters', async ({ page, open, team, unique }) => {
      const role = await team.createRole(['view'])
      const location = unique('Loc')
      await team.createHolder(role, location)
      await open(`/roles?location=${location}`)
      await roleRow(group(page, location), role.name).getByRole('link', { name: /View users/ }).click()
      const dialog = page.getByRole('dialog', { name: `${location} • ${role.name} — Users (1)` })
      await expect(dialog).toBeVisible()
      await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page).toHaveURL(`/roles?location=${location}`)
      await expect(groupHeadings(page)).toHaveText([location])
    })

    test('the Add New Role dialog is modal and Escape closes it without saving', async ({ page, open, team, unique }) => {
      const name = unique('Escaped')
      await open('/roles')
      await page.getByRole('link', { name: 'Add Role' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add New Role' })
      await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
      await dialog.getByRole('textbox', { name: 'Role Name' }).fill(name)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page).toHaveURL('/roles')
      expect((await team.allRoles()).some((role) => role.name === name)).toBe(false)
    })
  })

  test("an ordinary user (no permissions) gets the 'Access denied' page", async ({ page, expectDenied }) => {
    await expectDenied('/roles')
    await expect(page.getByRole('heading', { name: 'Role & Permissions' })).toHaveCount(0)
  })
})
