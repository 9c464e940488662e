import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from './support/fixtures'
import { E2E_ADMIN } from '../playwright.config'
import { ADMIN_SCREENS, PUBLIC_SCREENS, plannedProjectScreens } from './support/screens'
import { openUserNotFound, signIn } from './support/session'

/**
 * axe-core on every screen, JavaScript on and off: no serious or critical violation, and every
 * visible field has an accessible name (as Playwright computes it, beside axe's own rule). axe itself is
 * a script, so the no-JS markup is checked in a page that runs scripts but loads none of the app's:
 * the same server-rendered HTML, never hydrated.
 */
async function expectAccessible(page: Page, path: string) {
  const checked = test.info().project.name === 'no-js' ? await unhydratedPage(page) : page
  await checked.goto(path)
  const { violations } = await new AxeBuilder({ page: checked }).analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious, `${path}\n${serious.join('\n')}`).toEqual([])
  await expectFieldsNamed(checked, path)
}

/** Every visible field (not hidden, not a button) has an accessible name: a label, or aria-label(ledby). */
async function expectFieldsNamed(page: Page, path: string) {
  const fields = page.locator('input:not([type="hidden"], [type="submit"], [type="button"], [type="reset"], [type="image"]), select, textarea').filter({ visible: true })
  // Each field marked with its index once, so each assertion finds its field by one attribute: the
  // n-th of a filtered locator is worked out again from the whole page, which on /setup after a full
  // run (hundreds of fields) is hundreds of times the page, past the test's time on a busy machine.
  const html = await fields.evaluateAll((elements) => elements.map((element, at) => (element.setAttribute('data-named-check', String(at)), element.outerHTML.slice(0, 160))))
  await Promise.all(html.map((outer, at) => expect(page.locator(`[data-named-check="${at}"]`), `${path}: ${outer}`).toHaveAccessibleName(/\S/)))
}

async function unhydratedPage(page: Page) {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, baseURL: test.info().project.use.baseURL, storageState: await page.context().storageState() })
  await context.route(/\.js(\?|$)/, (route) => route.abort())
  return context.newPage()
}

test.describe('screens open to everyone', () => {
  for (const path of PUBLIC_SCREENS) {
    test(`${path} has no serious accessibility violation and names every field`, async ({ page }) => {
      await expectAccessible(page, path)
    })
  }
})

test.describe('signed-in screens', () => {
  for (const path of ADMIN_SCREENS) {
    test(`${path} has no serious accessibility violation and names every field`, async ({ page }) => {
      await signIn(page, E2E_ADMIN)
      await expectAccessible(page, path)
    })
  }

  test("a user's profile, in view and edit mode, has no serious accessibility violation and names every field", async ({ page }) => {
    await signIn(page, E2E_ADMIN)
    await page.goto('/users')
    // The link sits in a closed actions menu, so it is found by its address rather than its role.
    const href = await page.locator('a[href$="/profile"]').first().getAttribute('href')
    await expectAccessible(page, href!)
    await expectAccessible(page, `${href}?edit=1`)
  })

  test('the project screens with a planned project chosen, and the Assign Users dialog, have no serious accessibility violation and name every field', async ({ page, adminApi: call }) => {
    const screens = await plannedProjectScreens(call)
    await signIn(page, E2E_ADMIN)
    for (const path of [screens.resourcePlanning, screens.entityMapping, screens.entityMappingOneInstance, screens.assignDialog, screens.clusterTimelines]) await expectAccessible(page, path)
  })

  test('the login form with its errors has no serious accessibility violation and names every field', async ({ page }) => {
    const noJs = test.info().project.name === 'no-js'
    test.skip(noJs, 'axe needs scripts; the no-JS dialog is the same markup, checked on its own screen')
    await openUserNotFound(page)
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([])
    await expectFieldsNamed(page, '/login with its errors')
  })
})
