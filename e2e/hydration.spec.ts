/**
 * The page the server renders is the page the scripts take over: with JavaScript they hydrate it
 * without a mismatch (React logs one as a console error); without it no script is even received.
 * Nothing holds or rewrites the framework's scripts (issue 27): the browser fetches them as React
 * Router writes them.
 */
import { expect, test, type Page } from './support/fixtures'
import { hydrated, isNoJs, signIn } from './support/session'
import { createVerifiedUser } from './support/users'

/** Every error the page logs or throws from here on. */
function errorsOf(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('pageerror', (error) => errors.push(String(error)))
  return errors
}

test.describe('scripts and hydration', () => {
  test('a browser without JavaScript receives no script, and the page is whole', async ({ page }) => {
    test.skip(!isNoJs(), 'With JavaScript the page must fetch its scripts; the tests below check that they hydrate it.')
    // With scripting off Chromium may still ask for a module preload, and stops it itself: no script arrives.
    const received: string[] = []
    page.on('requestfinished', (request) => new URL(request.url()).pathname.endsWith('.js') && received.push(request.url()))
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(received).toEqual([])
  })

  for (const screen of ['/login', '/dashboard'] as const) {
    test(`${screen}: the scripts hydrate the page as rendered, with no error`, async ({ page }) => {
      test.skip(isNoJs(), 'Without JavaScript there is no script to fetch or hydrate with; the test above checks that none arrives.')
      if (screen === '/dashboard') await signIn(page, await createVerifiedUser())
      const errors = errorsOf(page)
      const scripts: string[] = []
      page.on('requestfinished', (request) => new URL(request.url()).pathname.endsWith('.js') && scripts.push(request.url()))
      await page.goto(screen)
      await hydrated(page)
      expect(scripts.length).toBeGreaterThan(0)
      expect(errors).toEqual([])
    })
  }
})
