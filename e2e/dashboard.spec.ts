import { expect, test, type Locator, type Page } from './support/fixtures'
import { E2E_ADMIN } from '../playwright.config'
import { landingOf, signIn } from './support/session'
import { createVerifiedUser } from './support/users'

const PLANNING_LINKS = [
  ['Planning', '/planning'],
  ['Planning Template', '/resource-planning-template'],
  ['Project Resource Planning', '/project-resource-planning'],
  ['User Entity Mapping', '/user-entity-mapping'],
  ['Cluster Timelines', '/project-cluster-timelines'],
  ['Role Project Clusters', '/role-project-clusters'],
  ['Timeline', '/timeline'],
  ['Capacity', '/capacity'],
] as const

/** Clicks a sidebar toggle and waits until /preferences has stored it (with JavaScript it is a fetcher post, to /preferences.data). */
async function toggle(page: Page, button: Locator) {
  const stored = page.waitForResponse((response) => /^\/preferences(\.data)?$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST')
  await button.click()
  await stored
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' })
const detail = (page: Page, term: string) => page.locator('section', { has: page.getByRole('heading', { name: 'Your account' }) }).locator(`dt:text-is("${term}") + dd`)

test.describe('dashboard', () => {
  test("shows 'Welcome to', the server's welcome message and the account card", async ({ page }) => {
    const user = await createVerifiedUser()
    await signIn(page, user)
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible()
    const landing = await landingOf(page)
    expect(landing.message).toBeTruthy()
    await expect(page.getByText(landing.message, { exact: true })).toBeVisible()
    await expect(detail(page, 'User ID')).toHaveText(landing.user!._id)
    await expect(detail(page, 'Email')).toHaveText(user.email)
    await expect(detail(page, 'Status')).toHaveText('Active')
  })

  test("the administrator's quick actions: 'Manage Users' to /users and 'Roles & Permissions' to /roles", async ({ page }) => {
    await signIn(page, E2E_ADMIN)
    await page.goto('/dashboard')
    const actions = page.getByRole('region', { name: 'Quick actions' })
    await expect(actions.getByRole('link', { name: /Manage Users/ })).toHaveAttribute('href', '/users')
    await expect(actions.getByRole('link', { name: /Roles & Permissions/ })).toHaveAttribute('href', '/roles')
  })
})

test.describe("dashboard: an employee's own work (issue 30)", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a new employee on a phone reads that there is nothing yet, and nothing scrolls sideways', async ({ page }) => {
    await signIn(page, await createVerifiedUser())
    await page.goto('/dashboard')
    const assignments = page.getByRole('region', { name: 'My assignments' })
    await expect(assignments).toContainText('You have no upcoming assignments.')
    await expect(assignments.getByRole('link', { name: /past assignments/ })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'My leave' })).toContainText('No leave recorded.')
    await expect(page.getByRole('form', { name: 'Record leave' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})

test.describe('sidebar', () => {
  test("lists the entries and the 'Resource Planning' group, open by default", async ({ page }) => {
    await signIn(page, E2E_ADMIN)
    await page.goto('/dashboard')
    const nav = sidebar(page).getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/dashboard')
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toHaveAttribute('href', '/users')
    await expect(nav.getByRole('link', { name: 'Role & Permissions', exact: true })).toHaveAttribute('href', '/roles')
    await expect(nav.getByRole('button', { name: 'Resource Planning' })).toHaveAttribute('aria-expanded', 'true')
    for (const [name, href] of PLANNING_LINKS) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
  })

  test('a collapsed sidebar and a closed planning group are remembered after a reload', async ({ page }) => {
    await signIn(page, E2E_ADMIN)
    await page.goto('/dashboard')
    const group = sidebar(page).getByRole('button', { name: 'Resource Planning' })
    await toggle(page, group)
    await expect(group).toHaveAttribute('aria-expanded', 'false')
    await expect(sidebar(page).getByRole('link', { name: 'Planning', exact: true })).toHaveCount(0)

    await toggle(page, sidebar(page).getByRole('button', { name: 'Collapse sidebar' }))
    const expand = sidebar(page).getByRole('button', { name: 'Expand sidebar' })
    await expect(expand).toHaveAttribute('aria-expanded', 'false')
    await expect(sidebar(page).getByRole('navigation', { name: 'Main' })).toBeHidden()

    await page.reload()
    await expect(expand).toBeVisible()
    await expect(sidebar(page).getByRole('navigation', { name: 'Main' })).toBeHidden()

    await toggle(page, expand)
    await expect(sidebar(page).getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-expanded', 'true')
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible()
    await page.reload()
    await expect(sidebar(page).getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()
    await expect(group).toHaveAttribute('aria-expanded', 'false')
    await expect(sidebar(page).getByRole('link', { name: 'Planning', exact: true })).toHaveCount(0)
    await expect(page).toHaveURL('/dashboard')
  })

  test("the footer shows the user's email and Logout, after which /dashboard redirects to /login", async ({ page }) => {
    const user = await createVerifiedUser()
    await signIn(page, user)
    await page.goto('/dashboard')
    await expect(sidebar(page).getByText(user.email, { exact: true })).toBeVisible()
    await sidebar(page).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL('/login')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    await page.goto('/dashboard')
    await expect(page).toHaveURL('/login?redirectTo=%2Fdashboard')
  })

  test('a user without administration rights sees no administration entries (DESIGN §4: hidden links)', async ({ page }) => {
    const user = await createVerifiedUser()
    await signIn(page, user)
    await page.goto('/dashboard')
    const nav = sidebar(page).getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0)
    await expect(nav.getByRole('button', { name: 'Resource Planning' })).toHaveCount(0)
  })
})
