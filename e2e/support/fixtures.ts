/**
 * The suite's `test`: Playwright's, with the setup every spec shares as fixtures. A spec imports
 * `{ test, expect }` from here and asks for what it uses by name; a fixture it does not name is
 * never set up. Both projects (`js`, `no-js`) get the same fixtures: only the page differs.
 */
import { expect, test as base, type Route } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config'
import { adminSession, type AdminSession, type ApiCall, type Credentials } from './admin-api'
import { hydrated, signIn } from './session'
import { createVerifiedUser, unique, type Unique } from './users'

export { expect }
export type { APIResponse, Locator, Page, Route } from '@playwright/test'
export type { AdminSession, ApiCall, Credentials, Unique }

type Account = Credentials & { id: string }

interface TestFixtures {
  /** A name no other test has used (`unique('Category')`), and `unique.tag()`, the stamp alone. */
  unique: Unique
  /** Signs this page in (as the administrator unless told), opens `path` and waits for hydration. */
  open: (path: string, user?: Credentials) => Promise<void>
  /** A new account holding a role of its own that grants `view` only. */
  viewer: Account
  /**
   * Signs this page in as a new account without permissions (once a test), opens `path` and
   * expects the 'Access denied' page with a 403.
   */
  expectDenied: (path: string) => Promise<void>
  /**
   * Holds this page's post to `path` unanswered, so the screen stays in its busy state while it
   * is checked; resolves once the post has been sent.
   */
  holdPost: (path: string) => Promise<void>
  /**
   * Holds this page's loader requests of client-side navigations (to `path` only, when given)
   * until the answer is called: what a screen shows while it waits.
   */
  holdLoader: (path?: string) => Promise<() => void>
}

interface WorkerFixtures {
  /**
   * The administrator, signed in through the API once a worker (signing in is deliberately slow),
   * for setup whose subject is the screen, not the setup: a session of its own, never the page's.
   */
  admin: AdminSession
  /** The administrator's JSON caller (`admin.call`). */
  adminApi: ApiCall
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  admin: [async ({}, provide) => provide(await adminSession()), { scope: 'worker' }],
  adminApi: [async ({ admin }, provide) => provide(admin.call), { scope: 'worker' }],

  unique: async ({}, provide) => provide(unique),

  open: async ({ page }, provide) =>
    provide(async (path, user = E2E_ADMIN) => {
      await signIn(page, user)
      await page.goto(path)
      await hydrated(page)
    }),

  viewer: async ({ admin, unique }, provide) => {
    const role = await admin.call<{ _id: string }>('/roles', { method: 'POST', body: { name: unique('Viewer'), permissions: ['view'] } })
    await provide(await admin.accountHolding(role._id, { name: unique('Viewer'), phone: '+91 98765 43210', dob: '1990-04-12' }))
  },

  expectDenied: async ({ page }, provide) => {
    let signedIn = false
    await provide(async (path) => {
      if (!signedIn) await signIn(page, await createVerifiedUser())
      signedIn = true
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(403)
      await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()
    })
  },

  holdPost: async ({ page }, provide) =>
    provide(async (path) => {
      let sent!: () => void
      const held = new Promise<void>((resolve) => (sent = resolve))
      await page.route(
        // With JavaScript, single fetch posts to `/path.data`.
        (url) => url.pathname === path || url.pathname === `${path}.data`,
        (route: Route) => {
          if (route.request().method() !== 'POST') return route.continue()
          sent()
          // Left unanswered: the page is closed with the test.
        },
      )
      return held
    }),

  holdLoader: async ({ page }, provide) =>
    provide(async (path) => {
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(
        // React Router's data requests, `/path.data`; posts go through.
        (url) => url.pathname.endsWith('.data') && (!path || url.pathname.replace(/\.data$/, '') === path),
        async (route) => {
          if (route.request().method() === 'GET') await held
          await route.continue()
        },
      )
      return () => release()
    }),
})
