import ExcelJS from 'exceljs'
import { formatDate } from '../domain/dates'
import { USERS_PAGE_SIZE } from '../domain/users'
import { E2E_ADMIN } from '../playwright.config'
import { expect, test, type Page } from './support/fixtures'
import { hydrated, isNoJs, signIn } from './support/session'
import { createEmployee, createUnverifiedUser, createVerifiedUser, uniqueEmail } from './support/users'

const table = (page: Page) => page.getByRole('table', { name: 'Users' })
const rowOf = (page: Page, email: string) => table(page).getByRole('row').filter({ hasText: email })
const roleFilter = (page: Page) => page.getByLabel('Role', { exact: true })
const today = () => formatDate(new Date().toISOString())

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Search').fill(text)
  await page.getByPlaceholder('Search').press('Enter')
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/[.+]/g, '\\$&')}`))
}

/** Picks a role in the filter: with JavaScript the change applies at once, without it Apply does. */
async function filterByRole(page: Page, label: string) {
  await roleFilter(page).selectOption({ label })
  if (isNoJs()) await page.getByRole('button', { name: 'Apply' }).click()
  const value = label === 'All roles' ? '' : label
  if (value) await expect(page).toHaveURL(new RegExp(`[?&]role=${value}(&|$)`))
  else await expect(page).not.toHaveURL(/[?&]role=[^&]/)
}

test.describe('user management screen', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, E2E_ADMIN)
  })

  test("shows the title 'User management', its subtitle, the History and Export buttons", async ({ page }) => {
    await page.goto('/users')
    await expect(page.getByRole('heading', { name: 'User management', level: 1 })).toBeVisible()
    await expect(page.getByText('Manage your team members and their account permissions here.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/role-history')
    await expect(page.getByRole('link', { name: 'Export' })).toHaveAttribute('href', '/users/export')
    await expect(page.getByPlaceholder('Search')).toBeVisible()
    await expect(table(page).getByRole('columnheader')).toHaveText(['Employee ID', 'Name', 'Email', 'Role', 'Status', 'Joined', 'Actions'])
  })

  test('search narrows the list to the matching user; role defaults to User, status to Active, missing values read Not provided', async ({ page }) => {
    const user = await createVerifiedUser()
    await page.goto('/users')
    await expect(table(page)).toBeVisible()
    await search(page, user.email)
    await expect(table(page).locator('tbody tr')).toHaveCount(1)
    await expect(rowOf(page, user.email).locator('td:not(.cell-actions)')).toHaveText(['Not provided', 'Not provided', user.email, 'User', 'Active', today()!])
    await expect(page.getByPlaceholder('Search')).toHaveValue(user.email)
    await expect(page.getByRole('link', { name: 'Export' })).toHaveAttribute('href', `/users/export?${new URLSearchParams({ q: user.email })}`)
  })

  test('the role filter offers All roles, Developer, Engineer, PMO, Admin, every role created since and User, and narrows the list', async ({ page, admin }) => {
    const user = await admin.accountHolding(await admin.roleIdOf('PMO'))
    await page.goto(`/users?${new URLSearchParams({ q: user.email })}`)
    await hydrated(page)
    const offered = await roleFilter(page).locator('option').allTextContents()
    expect(offered.slice(0, 5)).toEqual(['All roles', 'Developer', 'Engineer', 'PMO', 'Admin'])
    expect(offered.at(-1)).toBe('User')
    await expect(roleFilter(page)).toHaveValue('')
    await expect(rowOf(page, user.email)).toContainText('PMO')
    // The Apply button is there for the browser without JavaScript; with it a change applies at once.
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(isNoJs() ? 1 : 0)

    await filterByRole(page, 'Engineer')
    await expect(page.getByText('No users found matching your criteria.')).toBeVisible()
    await expect(page).toHaveURL(/[?&]q=/)
    await filterByRole(page, 'PMO')
    await expect(table(page).locator('tbody tr')).toHaveCount(1)
    await expect(rowOf(page, user.email)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Export' })).toHaveAttribute('href', `/users/export?${new URLSearchParams({ q: user.email, role: 'PMO' })}`)
    await filterByRole(page, 'All roles')
    await expect(rowOf(page, user.email)).toBeVisible()
  })

  test("a role picked on one's own profile shows in the Role column; a created role and User (no role) filter the list", async ({ page, admin, unique }) => {
    const tag = unique.tag()
    const role = await admin.call<{ _id: string; name: string }>('/roles', { method: 'POST', body: { name: `Surveyor-${tag}`, permissions: ['view'] } })
    const picker = await createEmployee({ name: `Pat Picker ${tag}`, roleId: role._id })
    const bare = await createVerifiedUser(uniqueEmail(`bare-${tag}`))
    await page.goto(`/users?${new URLSearchParams({ q: tag })}`)
    await hydrated(page)
    await expect(table(page).locator('tbody tr')).toHaveCount(2)
    await expect(rowOf(page, picker.email).locator('td:not(.cell-actions)').nth(3)).toHaveText(role.name)
    await expect(rowOf(page, bare.email).locator('td:not(.cell-actions)').nth(3)).toHaveText('User')

    await filterByRole(page, role.name)
    await expect(table(page).locator('tbody tr')).toHaveCount(1)
    await expect(rowOf(page, picker.email)).toBeVisible()
    await filterByRole(page, 'User')
    await expect(table(page).locator('tbody tr')).toHaveCount(1)
    await expect(rowOf(page, bare.email)).toBeVisible()
  })

  test('view modes Table, Board and List switch the layout and keep the search and role', async ({ page }) => {
    const user = await createVerifiedUser()
    await page.goto(`/users?${new URLSearchParams({ q: user.email, role: 'User' })}`)
    const modes = page.getByRole('navigation', { name: 'View mode' })
    await expect(modes.getByRole('link')).toHaveText(['Table', 'Board', 'List'])
    await expect(modes.getByRole('link', { name: 'Table' })).toHaveAttribute('aria-current', 'page')

    await modes.getByRole('link', { name: 'Board' }).click()
    await expect(page).toHaveURL(/view=board/)
    await expect(page).toHaveURL(/role=User/)
    await expect(table(page)).toHaveCount(0)
    await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: user.email })).toContainText('Active')
    await expect(modes.getByRole('link', { name: 'Board' })).toHaveAttribute('aria-current', 'page')

    await modes.getByRole('link', { name: 'List' }).click()
    await expect(page).toHaveURL(/view=list/)
    await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: user.email })).toContainText('User')
    await expect(page.getByPlaceholder('Search')).toHaveValue(user.email)

    await modes.getByRole('link', { name: 'Table' }).click()
    await expect(page).not.toHaveURL(/view=/)
    await expect(rowOf(page, user.email)).toBeVisible()
  })

  test('the filter panel is open by default; Hide filters and Show filters toggle it, keeping the role', async ({ page }) => {
    await page.goto('/users?role=Admin')
    await expect(roleFilter(page)).toBeVisible()
    await page.getByRole('link', { name: 'Hide filters' }).click()
    await expect(page).toHaveURL(/filters=hidden/)
    await expect(roleFilter(page)).toHaveCount(0)
    await expect(rowOf(page, E2E_ADMIN.email)).toBeVisible()
    await expect(page).toHaveURL(/role=Admin/)
    await page.getByRole('link', { name: 'Show filters' }).click()
    await expect(page).not.toHaveURL(/filters=/)
    await expect(roleFilter(page)).toHaveValue('Admin')
  })

  test("each row's actions menu holds View Profile, which goes to /users/{userId}/profile", async ({ page, admin }) => {
    const user = await createVerifiedUser()
    const id = await admin.userIdOf(user.email)
    await page.goto(`/users?${new URLSearchParams({ q: user.email })}`)
    await hydrated(page)
    const viewProfile = page.getByRole('link', { name: 'View Profile' })
    await expect(viewProfile).toBeHidden()
    await page.getByLabel(`Actions for ${user.email}`).click()
    await expect(viewProfile).toBeVisible()
    await expect(viewProfile).toHaveAttribute('href', `/users/${id}/profile`)
    await viewProfile.click()
    await expect(page).toHaveURL(`/users/${id}/profile`)
    await expect(page.getByRole('link', { name: 'Back to Users' })).toBeVisible()
  })

  test('only one actions menu is open at a time', async ({ page, unique }) => {
    const shared = unique.tag()
    const first = await createVerifiedUser(`menu-${shared}-a@example.com`)
    const second = await createVerifiedUser(`menu-${shared}-b@example.com`)
    await page.goto(`/users?q=${shared}`)
    await hydrated(page)
    const menuOf = (email: string) => page.locator('details', { has: page.getByLabel(`Actions for ${email}`) })
    await page.getByLabel(`Actions for ${first.email}`).click()
    await expect(menuOf(first.email)).toHaveAttribute('open', '')
    await page.getByLabel(`Actions for ${second.email}`).click()
    await expect(menuOf(second.email)).toHaveAttribute('open', '')
    await expect(menuOf(first.email)).not.toHaveAttribute('open')
  })

  test('a click outside the open menu closes it', async ({ page }) => {
    const noJs = isNoJs()
    test.skip(noJs, 'closing on an outside click needs JavaScript')
    const user = await createVerifiedUser()
    await page.goto(`/users?${new URLSearchParams({ q: user.email })}`)
    await hydrated(page)
    await page.getByLabel(`Actions for ${user.email}`).click()
    await expect(page.getByRole('link', { name: 'View Profile' })).toBeVisible()
    await page.getByRole('heading', { name: 'User management' }).click()
    await expect(page.getByRole('link', { name: 'View Profile' })).toBeHidden()
  })

  test("shows 'No users found matching your criteria.' when nothing matches", async ({ page, unique }) => {
    await page.goto(`/users?q=no-such-user-${unique.tag()}`)
    await expect(page.getByText('No users found matching your criteria.')).toBeVisible()
    await expect(table(page)).toHaveCount(0)
  })

  test('a long list comes 50 users a page: Next and Previous walk it, keeping the search', async ({ page, unique }) => {
    const shared = unique.tag()
    const emails = Array.from({ length: USERS_PAGE_SIZE + 5 }, (_, i) => uniqueEmail(`page${shared}n${i}`))
    for (let start = 0; start < emails.length; start += 5) await Promise.all(emails.slice(start, start + 5).map((email) => createUnverifiedUser(email)))
    await page.goto('/users')
    await search(page, shared)
    const pages = page.getByRole('navigation', { name: 'Pages' })
    await expect(pages).toContainText(`Showing 1–${USERS_PAGE_SIZE} of ${emails.length} users`)
    await expect(table(page).getByRole('row')).toHaveCount(USERS_PAGE_SIZE + 1)
    await expect(pages.getByRole('link', { name: 'Previous' })).toHaveCount(0)
    await pages.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(new RegExp(`q=${shared}.*page=2|page=2.*q=${shared}`))
    await expect(pages).toContainText(`Showing ${USERS_PAGE_SIZE + 1}–${emails.length} of ${emails.length} users`)
    await expect(table(page).getByRole('row')).toHaveCount(5 + 1)
    await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0)
    // The newest first: the first five made are the last page.
    for (const email of emails.slice(0, 5)) await expect(rowOf(page, email)).toBeVisible()
    await pages.getByRole('link', { name: 'Previous' }).click()
    await expect(pages).toContainText(`Showing 1–${USERS_PAGE_SIZE} of ${emails.length} users`)
    await expect(rowOf(page, emails.at(-1)!)).toBeVisible()
  })

  test("shows 'Loading users...' while a search is loading", async ({ page, holdLoader }) => {
    const noJs = isNoJs()
    test.skip(noJs, 'without JavaScript the browser itself shows the page loading')
    await page.goto('/users')
    await hydrated(page)
    const release = await holdLoader('/users')
    await page.getByPlaceholder('Search').fill(E2E_ADMIN.email)
    await page.getByPlaceholder('Search').press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'Loading users...' })).toBeVisible()
    release()
    await expect(rowOf(page, E2E_ADMIN.email)).toBeVisible()
    await expect(page.getByText('Loading users...')).toHaveCount(0)
  })
})

test.describe('user management access', () => {
  test("an ordinary user gets 'Access denied' on /users and on the export", async ({ page, expectDenied }) => {
    await expectDenied('/users')
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible()
    const exported = await page.request.get('/users/export')
    expect(exported.status()).toBe(403)
  })
})

test.describe('user export', () => {
  test('Export downloads users_export_{YYYY-MM-DD}.xlsx: sheet Users, the six columns, the shown users', async ({ page, admin }) => {
    const user = await createVerifiedUser()
    await admin.updateProfile(await admin.userIdOf(user.email), { professional: { employId: 'EMP-42' } })
    await signIn(page, E2E_ADMIN)
    await page.goto(`/users?${new URLSearchParams({ q: user.email })}`)

    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^users_export_\d{4}-\d{2}-\d{2}\.xlsx$/)
    expect(file.suggestedFilename()).toBe(`users_export_${new Date().toISOString().slice(0, 10)}.xlsx`)

    const sheet = await readSheet(await file.path())
    expect(rowsOf(sheet)).toEqual([
      ['Employee ID', 'Full Name', 'Email', 'Role', 'Status', 'Joined Date'],
      ['EMP-42', 'N/A', user.email, 'User', 'Active', new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)],
    ])
    // Joined Date is a real date cell, shown as the screens write dates.
    expect(sheet.getCell('F2').type).toBe(ExcelJS.ValueType.Date)
    expect(sheet.getCell('F2').numFmt).toBe('m/d/yyyy')
  })

  // A Full Name may no longer open like a formula (refused: e2e/personal-details.spec.ts); an Employee ID still may, and reaches the sheet.
  test("a value such as '=1+2' is exported as the text \"'=1+2\", never a formula", async ({ page, admin }) => {
    const user = await createVerifiedUser(uniqueEmail('formula'))
    await admin.updateProfile(await admin.userIdOf(user.email), { professional: { employId: '=1+2' } })
    await signIn(page, E2E_ADMIN)
    await page.goto(`/users?${new URLSearchParams({ q: user.email })}`)
    await expect(rowOf(page, user.email)).toContainText('=1+2')

    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export' }).click()
    const sheet = await readSheet(await (await download).path())
    expect(sheet.rowCount).toBe(2)
    const employId = sheet.getCell('A2')
    expect(employId.type).toBe(ExcelJS.ValueType.String)
    expect(employId.formula).toBeUndefined()
    expect(employId.value).toBe("'=1+2")
    expect(sheet.getCell('C2').value).toBe(user.email)
  })

  test('the export answers with the spreadsheet content type and an attachment, for the same search and role', async ({ page }) => {
    const user = await createVerifiedUser()
    await signIn(page, E2E_ADMIN)
    const response = await page.request.get(`/users/export?${new URLSearchParams({ q: user.email, role: 'Admin' })}`)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="users_export_\d{4}-\d{2}-\d{2}\.xlsx"$/)
    const workbook = new ExcelJS.Workbook()
    // exceljs types its input as an ArrayBuffer-like Buffer of its own.
    await workbook.xlsx.load((await response.body()) as unknown as ArrayBuffer)
    // The role filter leaves no one: only the header row.
    expect(workbook.getWorksheet('Users')!.rowCount).toBe(1)
  })
})

async function readSheet(path: string) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(path)
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Users'])
  return workbook.getWorksheet('Users')!
}

const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = []
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}
