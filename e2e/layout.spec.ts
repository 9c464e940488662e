import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from './support/fixtures'
import { E2E_ADMIN } from '../playwright.config'
import { ADMIN_SCREENS, PLANNER_LINKS, PUBLIC_SCREENS, plannedProjectScreens } from './support/screens'
import { hydrated, isNoJs, landingOf, signIn } from './support/session'
import { createVerifiedUser } from './support/users'

/** Issue 30 §1: a shell that fits a phone, navigation that lists only what a person can open, no sideways scrolling. */

const PHONE = { width: 390, height: 844 }
const DESK = { width: 1024, height: 768 }

const bar = (page: Page) => page.getByRole('banner')
const menuButton = (page: Page) => bar(page).locator('summary', { hasText: 'Menu' })
const menuNav = (page: Page) => bar(page).getByRole('navigation', { name: 'Main' })
const pageName = (page: Page) => bar(page).locator('.app-bar-page')
const names = (links: Locator) => links.evaluateAll((anchors) => anchors.map((anchor) => anchor.textContent?.trim()))

/** An employee: a new account, signed in on this page, with the id of their own profile. */
async function employee(page: Page) {
  await signIn(page, await createVerifiedUser())
  return (await landingOf(page)).user!._id
}

/** Every address the shell lists for the signed-in person (the phone's menu and the sidebar hold the same). */
const shellHrefs = (page: Page) => page.locator('.app-bar nav a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!))

/** Null when the page does not scroll sideways; otherwise the widths and the outermost elements that stick out. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement
    if (scrollWidth <= clientWidth) return null
    const out = (element: Element) => element.getBoundingClientRect().right > clientWidth + 1 && element.checkVisibility()
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => out(element) && !(element.parentElement && element.parentElement !== document.body && out(element.parentElement)))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`)
    return `scrollWidth ${scrollWidth} > clientWidth ${clientWidth}: ${culprits.join(', ')}`
  })

async function expectNoSidewaysScroll(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path)
    await hydrated(page)
    expect.soft(await sideways(page), `${path} at ${page.viewportSize()!.width} px`).toBeNull()
  }
}

test.describe('the shell on a 390 px phone', () => {
  test.use({ viewport: PHONE })

  test("an employee's shell above the content is at most 80 px: brand, the page's name and Menu, with the page right under it", async ({ page }) => {
    await employee(page)
    await page.goto('/dashboard')
    await expect(bar(page).getByRole('link', { name: 'Workforce Portal' })).toBeVisible()
    await expect(pageName(page)).toHaveText('Dashboard')
    await expect(menuButton(page)).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden()
    const main = (await page.getByRole('main').boundingBox())!
    const shell = (await bar(page).boundingBox())!
    expect(shell.y + shell.height).toBeLessThanOrEqual(80)
    expect(main.y).toBeLessThanOrEqual(80)
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
  })

  test('the menu opens and lists only what an employee may open: Dashboard and their own profile, each of which opens', async ({ page }) => {
    const id = await employee(page)
    await page.goto('/dashboard')
    await hydrated(page)
    await expect(menuNav(page)).toBeHidden()
    await menuButton(page).click()
    await expect(menuNav(page)).toBeVisible()
    expect(await names(menuNav(page).getByRole('link'))).toEqual(['Dashboard', 'My profile'])
    await expect(menuNav(page).getByRole('link', { name: 'My profile' })).toHaveAttribute('href', `/users/${id}/profile`)
    await expect(bar(page).getByRole('button', { name: 'Logout' })).toBeVisible()

    await menuNav(page).getByRole('link', { name: 'My profile' }).click()
    await expect(page).toHaveURL(`/users/${id}/profile`)
    await expect(pageName(page)).toHaveText('My profile')
    // A link followed in the page (JavaScript) or a new page (without it): either way the menu is closed again.
    await expect(menuNav(page)).toBeHidden()
    for (const href of await shellHrefs(page)) {
      const response = await page.goto(href)
      expect({ status: response?.status(), at: new URL(page.url()).pathname }, href).toEqual({ status: 200, at: href })
    }
  })

  test('with JavaScript, Escape closes the menu and gives focus back to Menu', async ({ page }) => {
    test.skip(isNoJs(), 'Escape is a script: without JavaScript the Menu control closes it')
    await employee(page)
    await page.goto('/dashboard')
    await hydrated(page)
    await menuButton(page).click()
    await expect(menuNav(page)).toBeVisible()
    await menuNav(page).getByRole('link', { name: 'Dashboard' }).focus()
    await page.keyboard.press('Escape')
    await expect(menuNav(page)).toBeHidden()
    await expect(menuButton(page)).toBeFocused()
  })

  test("a planner's menu: the administration screens, then Resource Planning with Schedule first and Conflicts in it; each opens for a holder of view", async ({ page, viewer }) => {
    await signIn(page, viewer)
    await page.goto('/dashboard')
    await menuButton(page).click()
    expect(await names(menuNav(page).getByRole('link'))).toEqual(PLANNER_LINKS)
    await expect(menuNav(page).getByRole('list', { name: 'Resource Planning' }).getByRole('link').first()).toHaveText('Schedule')
    for (const href of await shellHrefs(page)) {
      const response = await page.goto(href)
      expect({ status: response?.status(), at: new URL(page.url()).pathname }, href).toEqual({ status: 200, at: href })
    }
  })

  test('the shell has no serious accessibility violation, menu closed and open', async ({ page }) => {
    await employee(page)
    // axe is a script: without JavaScript the same server HTML is checked in a page that loads none of the app's scripts.
    const checked = isNoJs() ? await unhydratedPage(page) : page
    await checked.goto('/dashboard')
    await hydrated(checked)
    const axe = () => new AxeBuilder({ page: checked }).include('.app-bar').include('.skip-link').analyze()
    const serious = async () =>
      (await axe()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.help}`)
    expect(await serious()).toEqual([])
    await checked.locator('.app-bar summary').click()
    await expect(checked.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible()
    expect(await serious()).toEqual([])
  })
})

/** The server's HTML in a page that runs axe but loads none of the app's scripts (as e2e/accessibility.spec.ts does). */
async function unhydratedPage(page: Page) {
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: true, baseURL: test.info().project.use.baseURL, storageState: await page.context().storageState(), viewport: PHONE })
  await context.route(/\.js(\?|$)/, (route) => route.abort())
  return context.newPage()
}

test.describe('the sidebar on a wider screen', () => {
  test.use({ viewport: DESK })

  test('at 1024 px the sidebar shows and the phone bar does not', async ({ page }) => {
    await employee(page)
    await page.goto('/dashboard')
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeHidden()
  })
})

test.describe('the skip link', () => {
  for (const [where, path] of [
    ['a signed-in screen', '/dashboard'],
    ['an authentication screen', '/signup'],
  ] as const) {
    test(`on ${where}, it is the first stop of the keyboard and moves focus to the main content`, async ({ page }) => {
      if (path === '/dashboard') await employee(page)
      await page.goto(path)
      await hydrated(page)
      await page.keyboard.press('Tab')
      const skip = page.getByRole('link', { name: 'Skip to main content' })
      await expect(skip).toBeFocused()
      await expect(skip).toBeInViewport()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('main')).toBeFocused()
      // The next Tab goes on inside the content, past the shell.
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
    })
  }
})

for (const viewport of [PHONE, DESK]) {
  test.describe(`no sideways page scroll at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('on any screen an administrator opens', async ({ page, adminApi }) => {
      test.slow()
      await signIn(page, E2E_ADMIN)
      await page.goto('/users')
      const profile = (await page.locator('main a[href$="/profile"]').first().getAttribute('href'))!
      const project = await plannedProjectScreens(adminApi)
      const listed = await shellHrefs(page)
      const screens = new Set([
        ...listed,
        ...ADMIN_SCREENS,
        '/users?view=board',
        profile,
        `${profile}?edit=1`,
        `${listed.find((href) => href.endsWith('/profile'))}?edit=1`,
        project.resourcePlanning,
        project.entityMapping,
        project.assignDialog,
        project.clusterTimelines,
        project.template,
      ])
      await expectNoSidewaysScroll(page, [...screens])
    })

    test('on any screen an employee opens, and those open to everyone', async ({ page }) => {
      await expectNoSidewaysScroll(page, PUBLIC_SCREENS)
      const id = await employee(page)
      await page.goto('/dashboard')
      await expectNoSidewaysScroll(page, [...(await shellHrefs(page)), '/personal-details', `/users/${id}/profile?edit=1`])
    })
  })
}
