import { expect, test, type Page } from './support/fixtures'
import { E2E_ADMIN } from '../playwright.config'
import { hydrated, landingOf, signIn, withoutJavaScript } from './support/session'
import { createVerifiedUser } from './support/users'
import { ADMIN_LINKS } from './support/screens'

test.describe('a signed-in person opening /login', () => {
  test('goes to their dashboard', async ({ page }) => {
    await signIn(page, await createVerifiedUser())
    await page.goto('/login')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible()
  })

  test('goes on to where the sign-in would have taken them', async ({ page }) => {
    await signIn(page, E2E_ADMIN)
    await page.goto('/login?redirectTo=%2Fusers')
    await expect(page).toHaveURL(/\/users$/)
    await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible()
  })

  test('signed out, sees the sign-in form', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
  })
})

test.describe('moving between screens', () => {
  test.skip(withoutJavaScript, 'Without JavaScript every link is a full page load: the browser shows its own progress')

  test('a slow navigation keeps the current screen, shows the progress bar and says what is loading', async ({ page, open, holdLoader }) => {
    await open('/dashboard')
    const release = await holdLoader()
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Users' }).click()
    // The dashboard stays on view, marked busy, while the bar runs.
    await expect(page.locator('.navigation-progress')).toHaveAttribute('data-busy', 'true')
    await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true')
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Loading users...' })).toBeAttached()
    release()
    await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible()
    await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true')
    await expect(page.locator('.navigation-progress')).toHaveAttribute('data-busy', 'false')
  })

  test('a fast navigation shows no loading card and no bar', async ({ page, open }) => {
    await open('/dashboard')
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Users' }).click()
    await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible()
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0)
    await expect(page.locator('.navigation-progress')).toHaveAttribute('data-busy', 'false')
  })

  test("signing in shows 'Loading...' while the protected area opens", async ({ page, holdLoader }) => {
    await page.goto('/login')
    await hydrated(page)
    await page.getByLabel('Email').fill(E2E_ADMIN.email)
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password)
    const release = await holdLoader()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('status').filter({ hasText: /^Loading\.\.\.$/ })).toBeVisible()
    release()
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible()
  })
})

test.describe('the sidebar lists only what the person can open', () => {
  const sidebarNav = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }).getByRole('navigation', { name: 'Main' })
  const names = (page: Page) => sidebarNav(page).getByRole('link').evaluateAll((links) => links.map((link) => link.textContent?.trim()))

  test('a person without view: Dashboard and My profile (their own), which opens', async ({ page }) => {
    await signIn(page, await createVerifiedUser())
    await page.goto('/dashboard')
    const { user } = await landingOf(page)
    expect(await names(page)).toEqual(['Dashboard', 'My profile'])
    await expect(sidebarNav(page).getByRole('button', { name: 'Resource Planning' })).toHaveCount(0)
    await sidebarNav(page).getByRole('link', { name: 'My profile' }).click()
    await expect(page).toHaveURL(`/users/${user!._id}/profile`)
    await expect(sidebarNav(page).getByRole('link', { name: 'My profile' })).toHaveAttribute('aria-current', 'page')
  })

  test('an administrator: the audit log and the API reference after the administration screens; Resource Planning starts with Schedule and holds Conflicts', async ({ page }) => {
    await signIn(page, E2E_ADMIN)
    await page.goto('/dashboard')
    expect(await names(page)).toEqual(ADMIN_LINKS)
    const group = page.locator('#planning-links')
    await expect(group.getByRole('link').first()).toHaveText('Schedule')
    await expect(group.getByRole('link', { name: 'Schedule' })).toHaveAttribute('href', '/schedule')
    await expect(group.getByRole('link', { name: 'Conflicts' })).toHaveAttribute('href', '/conflicts')
  })
})
