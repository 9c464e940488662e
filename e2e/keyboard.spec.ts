import { E2E_ADMIN } from '../playwright.config'
import { expect, test, type Locator, type Page } from './support/fixtures'
import { ADMIN_SCREENS, PUBLIC_SCREENS, plannedProjectScreens } from './support/screens'
import { hydrated, openUserNotFound, signIn, withoutJavaScript } from './support/session'

/** What a keyboard user can land on, before the checks below leave out the hidden and the disabled. */
const INTERACTIVE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]'

/**
 * In the page: marks every visible, enabled element under `scope` (a selector; the document when
 * null) that Tab should reach with `data-reach` = its number (a radio group shares one: Tab enters
 * a group once), and answers how many there are.
 */
function markReachable([scope, interactive]: [string | null, string]) {
  // While a modal dialog is open the rest of the page is inert: only the dialog is reachable.
  const root = scope ? document.querySelector(scope)! : (document.querySelector(':modal') ?? document)
  const groups = new Map<string, number>()
  let count = 0
  for (const element of root.querySelectorAll<HTMLElement>(interactive)) {
    delete element.dataset.reach
    if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[inert]')) continue
    if (!element.checkVisibility({ visibilityProperty: true })) continue
    const radio = element instanceof HTMLInputElement && element.type === 'radio' && element.name ? `${element.form?.id}:${element.name}` : null
    if (radio && groups.has(radio)) {
      element.dataset.reach = String(groups.get(radio))
      continue
    }
    if (radio) groups.set(radio, count)
    element.dataset.reach = String(count++)
  }
  return count
}

/** The number `data-reach` gives the focused element, or null when focus is on nothing we marked. */
const focusedMark = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.reach ?? null)

/** A readable name for each marked element Tab never reached. */
const unreached = (page: Page, reached: Set<string>) =>
  page.evaluate(
    (seen) =>
      [...document.querySelectorAll<HTMLElement>('[data-reach]')]
        .filter((element) => !seen.includes(element.dataset.reach!))
        .map((element) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '').trim().slice(0, 40)}"`),
    [...reached],
  )

test.describe('everything is reachable by keyboard', () => {
  test.skip(withoutJavaScript, 'the screens with JavaScript are the ones with in-page widgets; without it every control is a plain form element the browser puts in the tab order')

  /**
   * Presses Tab until every element has had the focus: once per element, twice more per date or
   * time field (a press per part: month, day, year), and a few for the wrap-around. The page
   * records what took the focus, so a press is one call.
   */
  async function expectAllReachable(page: Page, path: string) {
    await page.goto(path)
    await hydrated(page)
    const count = await page.evaluate(markReachable, [null, INTERACTIVE] as [string | null, string])
    const parts = await page.locator('input[type="date"], input[type="time"], input[type="datetime-local"], input[type="month"], input[type="week"]').count()
    await page.evaluate(() => {
      const reached = ((window as unknown as { reached: Set<string> }).reached = new Set<string>())
      document.addEventListener('focusin', (event) => {
        const mark = (event.target as HTMLElement).dataset?.reach
        if (mark !== undefined) reached.add(mark)
      })
    })
    const reachedSoFar = async () => new Set(await page.evaluate(() => [...(window as unknown as { reached: Set<string> }).reached]))
    let reached = new Set<string>()
    for (let press = 1; press <= count + 3 * parts + 5 && reached.size < count; press++) {
      await page.keyboard.press('Tab')
      if (press % 25 === 0 || press >= count) reached = await reachedSoFar()
    }
    reached = await reachedSoFar()
    expect(await unreached(page, reached), `${path}: ${count} elements`).toEqual([])
  }

  for (const path of PUBLIC_SCREENS) {
    test(`${path}: Tab reaches every control`, async ({ page }) => {
      await expectAllReachable(page, path)
    })
  }

  for (const path of ADMIN_SCREENS) {
    test(`${path} (signed in): Tab reaches every control`, async ({ page }) => {
      await signIn(page, E2E_ADMIN)
      await expectAllReachable(page, path)
    })
  }

  test("a user's profile, in view and edit mode: Tab reaches every control", async ({ page, admin }) => {
    const profile = `/users/${await admin.userIdOf(E2E_ADMIN.email)}/profile`
    await signIn(page, E2E_ADMIN)
    await expectAllReachable(page, profile)
    await expectAllReachable(page, `${profile}?edit=1`)
  })

  test('the project screens with a planned project chosen: Tab reaches every control', async ({ page, adminApi: call }) => {
    const screens = await plannedProjectScreens(call)
    await signIn(page, E2E_ADMIN)
    for (const path of [screens.resourcePlanning, screens.entityMapping, screens.entityMappingOneInstance, screens.clusterTimelines]) await expectAllReachable(page, path)
  })
})

test.describe('every dialog has a name and keeps the focus while open', () => {
  test.skip(withoutJavaScript, 'a modal dialog, its focus trap and Escape need JavaScript; without it the dialog is part of the page')

  /**
   * The dialog is a named, modal dialog holding the focus; Tab and Shift+Tab, pressed more times than
   * it has controls, visit each of its controls and never leave it.
   */
  async function expectFocusKept(page: Page, dialog: Locator) {
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAccessibleName(/.+/)
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    await dialog.evaluate((element) => element.setAttribute('data-under-test', ''))
    const count = await page.evaluate(markReachable, ['[data-under-test]', INTERACTIVE] as [string | null, string])
    expect(count).toBeGreaterThan(0)
    for (const key of ['Tab', 'Shift+Tab']) {
      const reached = new Set<string>()
      for (let press = 0; press < count + 3; press++) {
        await page.keyboard.press(key)
        // Inside, though maybe not on a control: Chrome lets a scrolling list take the focus too.
        expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `${key} × ${press + 1}: the focus is still in the dialog`).toBe(true)
        const mark = await focusedMark(page)
        if (mark !== null) reached.add(mark)
      }
      expect(reached.size, `${key} visits every control of the dialog`).toBe(count)
    }
  }

  /** Escape closes the dialog and leaves the page usable (nothing modal left). */
  async function expectEscapeCloses(page: Page, dialog: Locator) {
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(await page.evaluate(() => document.querySelector(':modal'))).toBeNull()
  }

  test("the login screen's 'User not found' dialog", async ({ page }) => {
    const dialog = await openUserNotFound(page)
    await expectFocusKept(page, dialog)
    await expectEscapeCloses(page, dialog)
  })

  test('the dialogs opened by their address: Add New Role, a role’s users, Create New Planning Type, Add Cluster, a delete confirmation, and Assign Users', async ({ page, adminApi: call }) => {
    const screens = await plannedProjectScreens(call)
    const { roles } = await call<{ roles: { _id: string; name: string }[] }>('/roles')
    const planning = new URLSearchParams({ categoryId: screens.categoryId, entityId: screens.entityId })
    const dialogs: [address: string, name: string | RegExp][] = [
      ['/roles?add=1', 'Add New Role'],
      [`/roles?users=${roles[0]._id}`, new RegExp(`${roles[0].name} — Users`)],
      [`/planning?${planning}&dialog=create-type`, 'Create New Planning Type'],
      [`/planning?${planning}&dialog=add-cluster`, 'Add Cluster'],
      [`/setup?${new URLSearchParams({ confirm: 'category', id: screens.categoryId })}`, 'Delete this category?'],
      [screens.assignDialog, 'Assign Users'],
    ]
    await signIn(page, E2E_ADMIN)
    for (const [address, name] of dialogs) {
      await test.step(address, async () => {
        await page.goto(address)
        await hydrated(page)
        const dialog = page.getByRole('dialog', { name })
        await expectFocusKept(page, dialog)
        await expectEscapeCloses(page, dialog)
      })
    }
  })

  test("Project Resource Planning's 'Unsaved changes' dialog", async ({ page, open, adminApi: call }) => {
    const screens = await plannedProjectScreens(call)
    await open(screens.resourcePlanning)
    // A removed card is an unsaved change; choosing another project then asks.
    await page.getByRole('button', { name: /^Remove/ }).first().click()
    const project = page.getByRole('combobox', { name: 'Project', exact: true })
    const other = await project.locator('option').evaluateAll((options, current) => options.map((option) => (option as HTMLOptionElement).value).find((value) => value && value !== current), screens.project._id)
    await project.selectOption(other!)
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' })
    await expectFocusKept(page, dialog)
    await expectEscapeCloses(page, dialog)
    await expect(page).toHaveURL(screens.resourcePlanning)
  })

  test("User Entity Mapping's 'Assign Users' popover", async ({ page, open, adminApi: call }) => {
    const screens = await plannedProjectScreens(call)
    await open(screens.entityMapping)
    const button = page.getByRole('button', { name: 'Assign Users' }).first()
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Assign Users' })
    await expect(dialog.getByRole('combobox', { name: 'Search Users' })).toBeFocused()
    await expect(dialog.getByText('Loading...')).toHaveCount(0)
    await expectFocusKept(page, dialog)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()
  })
})
