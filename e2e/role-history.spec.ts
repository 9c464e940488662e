import { expect, test, type Page } from '@playwright/test'
import { E2E_ADMIN, E2E_API_URL } from '../playwright.config'
import { hydrated, signIn } from './support/session'
import { createVerifiedUser } from './support/users'

const API = E2E_API_URL

interface Session {
  cookie: string
  user: { _id: string; email: string; fullName: string | null }
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`

/** Signs in through the API and keeps the session cookie, for setting up data as that user. */
async function apiSignIn(user: { email: string; password: string }): Promise<Session> {
  const response = await fetch(`${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  })
  expect(response.ok, `API sign-in of ${user.email}: ${await response.clone().text()}`).toBe(true)
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ')
  return { cookie, user: ((await response.json()) as { user: Session['user'] }).user }
}

async function call<T>(session: Session | null, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(session ? { cookie: session.cookie } : {}), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function roleId(name: string) {
  const { roles } = await call<{ roles: { _id: string; name: string }[] }>(null, '/roles')
  return roles.find((role) => role.name === name)!._id
}

/** A new user who filled in their profile picking Developer: their role, which grants nothing. */
async function userWithProfile() {
  const account = await createVerifiedUser()
  const name = unique('History User')
  const own = await apiSignIn(account)
  await call(own, '/form/submit', {
    method: 'POST',
    body: {
      personal: { name, dob: '1991-02-03', phone: '+91 98765 43210', qualification: 'M.Sc' },
      professional: { workLocation: unique('Loc'), previousExperience: 3, designation: 'Analyst' },
      financial: { previousOrgSalary: 250000 },
      roleId: await roleId('Developer'),
    },
  })
  return { id: own.user._id, name }
}

/** The administrator changes the role on the user's profile (PUT /form/profile/{id}), which grants it. */
async function changeRole(userId: string, roleName: string) {
  const admin = await apiSignIn(E2E_ADMIN)
  const profile = await call<Record<string, unknown>>(admin, `/form/profile/${userId}`)
  const before = new Date()
  await call(admin, `/form/profile/${userId}`, { method: 'PUT', body: { ...profile, roleId: await roleId(roleName) } })
  return { by: admin.user.fullName ?? admin.user.email, between: [before, new Date()] as const }
}

/** Updated At as the screen writes it: en-US numeric, in UTC. */
const shown = (date: Date) =>
  date.toLocaleString('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' })
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** Either end of the interval, in case the minute turned while the change was saved. */
const shownBetween = ([from, to]: readonly [Date, Date]) => new RegExp(`^(${[...new Set([shown(from), shown(to)])].map(escape).join('|')})$`)

const rowsOf = (page: Page, name: string) => page.getByRole('main').getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })

async function openAsAdmin(page: Page) {
  await signIn(page, E2E_ADMIN)
  await page.goto('/role-history')
  await hydrated(page)
}

test.describe('Role History', () => {
  test("a person's own pick is a row by themselves; an administrator's change is a row by them, its Previous Role the role really held", async ({ page }) => {
    const picked = new Date()
    const user = await userWithProfile()
    const pickedBetween = [picked, new Date()] as const
    await openAsAdmin(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Role History')
    await expect(page.getByRole('main').getByRole('columnheader')).toHaveText(['User Name', 'Previous Role', 'New Role', 'Updated By', 'Updated At'])
    const own = rowsOf(page, user.name).getByRole('cell')
    await expect(own).toHaveText([user.name, 'User', 'Developer', user.name, shownBetween(pickedBetween)])

    const change = await changeRole(user.id, 'Engineer')
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

  test('each change is a row, newest first, its previous role being the role the change replaced', async ({ page }) => {
    const user = await userWithProfile()
    await changeRole(user.id, 'Engineer')
    await changeRole(user.id, 'PMO')
    await openAsAdmin(page)
    const rows = rowsOf(page, user.name)
    await expect(rows).toHaveCount(3)
    const roles = async (index: number) => [await rows.nth(index).getByRole('cell').nth(1).textContent(), await rows.nth(index).getByRole('cell').nth(2).textContent()]
    expect([await roles(0), await roles(1), await roles(2)]).toEqual([
      ['Engineer', 'PMO'],
      ['Developer', 'Engineer'],
      ['User', 'Developer'],
    ])
  })

  test("the 'Users' button goes to /users", async ({ page }) => {
    await openAsAdmin(page)
    await page.getByRole('main').getByRole('link', { name: 'Users', exact: true }).click()
    await expect(page).toHaveURL('/users')
    await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible()
  })

  test("an ordinary user (no permissions) gets the 'Access denied' page", async ({ page }) => {
    await signIn(page, await createVerifiedUser())
    const response = await page.goto('/role-history')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Role History' })).toHaveCount(0)
  })
})
