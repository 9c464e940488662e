/**
 * Issue 14: the first paint waits on nothing but the document and its one stylesheet. The page's
 * scripts are asked for once the browser has painted, and then take over the very page the server
 * rendered (a hydration mismatch would show as an error in the console).
 */
import { expect, test, type Page } from './support/fixtures'
import { hydrated, isNoJs, signIn } from './support/session'
import { createVerifiedUser } from './support/users'

/** The scripts the page fetched, as URL paths, and when each was asked for against the first contentful paint. */
async function scriptTimings(page: Page) {
  return page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, askedAt: entry.startTime })),
  }))
}

/** Every error the page logs or throws from here on. */
function errorsOf(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('pageerror', (error) => errors.push(String(error)))
  return errors
}

test.describe('the first paint', () => {
  test('a browser without JavaScript does not even ask for a script', async ({ page }) => {
    test.skip(!isNoJs(), 'With JavaScript the page must fetch its scripts, so this no-script case does not apply; the tests below check that they come after the first paint.')
    // Chromium stops a module preload itself when scripting is off (a failed request, no bytes); held, none is even asked for.
    const scripts: string[] = []
    page.on('request', (request) => new URL(request.url()).pathname.endsWith('.js') && scripts.push(request.url()))
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(scripts).toEqual([])
  })

  for (const screen of ['/login', '/dashboard'] as const) {
    test(`${screen}: the scripts are asked for only after the first paint, then hydrate the page as rendered`, async ({ page }) => {
      test.skip(isNoJs(), 'Without JavaScript there is no script to fetch or hydrate with; the test above checks that none is even asked for.')
      if (screen === '/dashboard') await signIn(page, await createVerifiedUser())
      const errors = errorsOf(page)
      await page.goto(screen)
      await hydrated(page)
      const { firstPaint, scripts } = await scriptTimings(page)
      expect(firstPaint).not.toBeNull()
      expect(scripts.length).toBeGreaterThan(0)
      expect(scripts.filter((script) => script.askedAt < firstPaint!)).toEqual([])
      expect(errors).toEqual([])
    })
  }
})
