import { E2E_ADMIN } from '../playwright.config'
import { expect, test } from './support/fixtures'
import { isNoJs, signIn } from './support/session'

/**
 * Signed-in pages never come back from the browser's cache after sign-out (issue 36 §9): every
 * document the web renders answers `Cache-Control: private, no-store`, as do the screens' data that
 * a navigation with JavaScript fetches (`.data`). A sample of each kind of screen: the person's own,
 * a profile, the planners' lists, the administrators' audit log, a planning screen; and a
 * signed-out page, which gets the same rule.
 */
const NOT_KEPT = 'private, no-store'

test('every signed-in page, its data, and the signed-out pages answer Cache-Control: private, no-store', async ({ page, admin }) => {
  await signIn(page, E2E_ADMIN)
  const profile = `/users/${admin.user._id}/profile`
  for (const path of ['/dashboard', profile, '/users', '/schedule', '/conflicts', '/audit', '/planning', '/project-resource-planning', '/roles']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    expect(response?.headers()['cache-control'], path).toBe(NOT_KEPT)
  }
  // What a navigation with JavaScript reads instead of the page: the same screen's data.
  if (!isNoJs()) {
    for (const path of ['/dashboard.data', `${profile}.data`, '/audit.data']) {
      const response = await page.request.get(path)
      expect(response.status(), path).toBe(200)
      expect(response.headers()['cache-control'], path).toBe(NOT_KEPT)
    }
  }
  await page.context().clearCookies()
  for (const path of ['/login', '/signup', '/forgot-password']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    expect(response?.headers()['cache-control'], path).toBe(NOT_KEPT)
  }
})
