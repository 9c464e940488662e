import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { E2E_ADMIN } from '../playwright.config'
import { SESSION_COOKIE } from '../domain/constants'
import { expect, test, type APIResponse, type Page } from './support/fixtures'
import { hydrated, isNoJs, landingOf, openUserNotFound, ownOrigin, signIn, signInWithForm, signUpWithForm } from './support/session'
import { createVerifiedUser } from './support/users'

const EVIL = 'http://evil.example'
const REFUSAL = 'Forbidden: this form was not sent from this site.'

/**
 * Every route of the built web that has an action, as the address a form posts to: read from the
 * React Router build itself, so a route added with an action is in the list without anyone adding it.
 * `values` fills the dynamic segments; a segment without one fails the test, naming it.
 */
async function webActions(values: Record<string, string>) {
  const build = (await import(pathToFileURL(path.resolve('build/web/server/index.js')).href)) as ServerBuild
  const pathOf = (id: string): string => {
    const route = build.routes[id]!
    return [route.parentId ? pathOf(route.parentId) : '', route.path ?? ''].filter(Boolean).join('/')
  }
  return Object.values(build.routes)
    .filter((route) => route !== undefined)
    .filter((route) => route.module.action)
    .map((route) => {
      const filled = pathOf(route.id)
        .replace(/:(\w+)/g, (_, name: string) => {
          if (!(name in values)) throw new Error(`${route.id}: give the segment :${name} a plausible value`)
          return encodeURIComponent(values[name])
        })
        .replace(/\*$/, 'no/such/page')
      return { id: route.id, address: `/${filled}${route.index ? '?index' : ''}` }
    })
}

test.describe('CSRF: the Origin check on every web action', () => {
  test.skip(isNoJs, 'the server answers the same whatever the browser does with scripts: checked once, in the js project')

  test('a form post to /login from another origin is refused with 403', async ({ page }) => {
    // No password: a same-origin post is answered by the form's own check, without reaching the API.
    const form = { email: 'someone@example.com' }
    const forged = await page.request.post('/login', { form, headers: { origin: EVIL }, maxRedirects: 0 })
    expect(forged.status()).toBe(403)
    // The same post from the site's own page is answered normally (the login screen again).
    const own = await page.request.post('/login', { form, headers: { origin: ownOrigin() }, maxRedirects: 0 })
    expect(own.status()).not.toBe(403)
  })

  test('every route with an action refuses a post from another origin with 403 and changes nothing; from the own origin it is answered', async ({ page, admin, adminApi: call }) => {
    await signIn(page, E2E_ADMIN)
    const actions = await webActions({ userId: await admin.userIdOf(E2E_ADMIN.email) })
    expect(actions.map((action) => action.id)).toEqual(expect.arrayContaining(['routes/_auth.login', 'routes/_app.roles', 'routes/logout', 'routes/preferences']))
    // Signing out last: the posts before it need the session.
    actions.sort((a, b) => Number(a.id === 'routes/logout') - Number(b.id === 'routes/logout'))
    // A form every action reads some of: the Add New Role fields and the sidebar toggle.
    const roleName = `CSRF Probe ${Math.random().toString(36).slice(2, 10)}`
    const form = { name: roleName, permissions: 'view', intent: 'sidebar', collapsed: 'true', redirectTo: '/dashboard' }
    const roleExists = async () => (await call<{ roles: { name: string }[] }>('/roles')).roles.some((role) => role.name === roleName)

    for (const { address } of actions) {
      const forged = await page.request.post(address, { form, headers: { origin: EVIL }, maxRedirects: 0 })
      expect(forged.status(), `POST ${address} from ${EVIL}`).toBe(403)
      expect(await forged.text()).toBe(REFUSAL)
      expect(forged.headers()['set-cookie'], `POST ${address} from ${EVIL} sets no cookie`).toBeUndefined()
    }
    // Nothing changed: no role, the sidebar as it was, and the forged /logout signed no one out.
    expect(await roleExists()).toBe(false)
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('sidebar')
    expect((await landingOf(page)).user?.email).toBe(E2E_ADMIN.email)

    for (const { address } of actions) {
      const own = await page.request.post(address, { form, headers: { origin: ownOrigin() }, maxRedirects: 0 })
      expect(own.status(), `POST ${address} from the site's own page`).not.toBe(403)
      expect(own.status(), `POST ${address} from the site's own page`).toBeLessThan(500)
    }
    // The same form from the own origin does change things: the refusal above was the Origin check's.
    expect(await roleExists()).toBe(true)
    expect((await landingOf(page)).user).toBeNull()
  })
})

/** The security headers every answer of the web carries, whatever kind of answer it is. */
function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers()
  const policy = headers['content-security-policy'] ?? ''
  const directive = (name: string) => policy.split(';').map((part) => part.trim().split(/\s+/)).find(([key]) => key === name)?.slice(1)
  const scripts = directive('script-src') ?? directive('default-src')
  expect(scripts, `${what}: a script-src`).toBeDefined()
  expect(scripts!.some((source) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(source)), `${what}: scripts by nonce (${policy})`).toBe(true)
  expect(scripts, `${what}: no inline scripts`).not.toContain("'unsafe-inline'")
  expect(scripts, `${what}: no eval`).not.toContain("'unsafe-eval'")
  expect(scripts, `${what}: no wildcard`).not.toContain('*')
  const frames = directive('frame-ancestors')
  expect(frames?.every((source) => source === "'self'" || source === "'none'") || ['DENY', 'SAMEORIGIN'].includes(headers['x-frame-options']), `${what}: framing`).toBe(true)
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  expect(headers['x-powered-by'], what).toBeUndefined()
}

/** The page's scripts all carry the nonce its answer's policy names. */
async function expectScriptsCarryTheNonce(response: APIResponse) {
  const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'])![1]
  const scripts = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)
  expect(scripts.length).toBeGreaterThan(0)
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
}

test.describe('security headers of the web', () => {
  test.skip(isNoJs, 'the server answers the same whatever the browser does with scripts: checked once, in the js project')

  test('every kind of page answer carries the content security policy, no framing by others, nosniff and no x-powered-by', async ({ page }) => {
    const publicPage = await page.request.get('/login')
    expect(publicPage.status()).toBe(200)
    expectSecurityHeaders(publicPage, 'a public page')
    await expectScriptsCarryTheNonce(publicPage)

    const redirect = await page.request.get('/', { maxRedirects: 0 })
    expect(redirect.status()).toBe(302)
    expectSecurityHeaders(redirect, 'a redirect')

    const formAnswer = await page.request.post('/login', { form: { email: 'nobody@example.com', password: '' }, headers: { origin: ownOrigin() }, maxRedirects: 0 })
    expect(formAnswer.status()).toBeLessThan(300)
    expectSecurityHeaders(formAnswer, 'a form action answer')
    await expectScriptsCarryTheNonce(formAnswer)

    const refusal = await page.request.post('/login', { form: { email: 'nobody@example.com' }, headers: { origin: EVIL }, maxRedirects: 0 })
    expect(refusal.status()).toBe(403)
    expectSecurityHeaders(refusal, 'the CSRF refusal')

    await signIn(page, E2E_ADMIN)
    const signedIn = await page.request.get('/dashboard')
    expect(signedIn.status()).toBe(200)
    expectSecurityHeaders(signedIn, 'a signed-in page')
    await expectScriptsCarryTheNonce(signedIn)

    const notFound = await page.request.get(`/users/${crypto.randomUUID()}/profile`)
    expect(notFound.status()).toBe(404)
    expectSecurityHeaders(notFound, 'the not-found page')
    await expectScriptsCarryTheNonce(notFound)

    const failed = await page.request.post('/login', { ...brokenMultipart, headers: { ...brokenMultipart.headers, origin: ownOrigin() } })
    expect(failed.status()).toBe(400)
    expectSecurityHeaders(failed, 'the error page')

    const badAddress = await page.request.get('/users/%E0%A4%A/profile')
    expect(badAddress.status()).toBe(400)
    expectSecurityHeaders(badAddress, 'a malformed address')
  })
})

/** A multipart body that ends before its first part: the action cannot read it as a form. */
const brokenMultipart = { data: '--x\r\nContent-Disposition: form-data; name="email"\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } }

test.describe("the app's own scripts run under its content security policy", () => {
  test.skip(isNoJs, 'without JavaScript no script runs, so none can be refused')

  /** Records every CSP refusal the page meets: the event and the browser's console line. */
  async function watchRefusals(page: Page) {
    const refused: string[] = []
    page.on('console', (message) => {
      if (/Refused to|Content Security Policy/i.test(message.text())) refused.push(message.text())
    })
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const seen = ((window as unknown as { cspRefusals?: string[] }).cspRefusals ??= [])
        seen.push(`${event.violatedDirective}: ${event.blockedURI}`)
      })
    })
    return async () => [...refused, ...(await page.evaluate(() => (window as unknown as { cspRefusals?: string[] }).cspRefusals ?? []))]
  }

  test('the login screen hydrates with no refusal: its User not found dialog opens as a modal, which only its script does', async ({ page }) => {
    const refusals = await watchRefusals(page)
    const dialog = await openUserNotFound(page)
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
    expect(await refusals()).toEqual([])
  })

  test('signed-in screens hydrate with no refusal, and navigating between them happens in the page', async ({ page }) => {
    const refusals = await watchRefusals(page)
    await signIn(page, E2E_ADMIN)
    for (const screen of ['/dashboard', '/users', '/project-resource-planning', '/resource-planning-template']) {
      await page.goto(screen)
      await hydrated(page)
    }
    // A link followed by the client router leaves the document in place: a mark set on it survives.
    await page.evaluate(() => document.documentElement.setAttribute('data-still-here', 'yes'))
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page).toHaveURL('/dashboard')
    await expect(page.locator('html')).toHaveAttribute('data-still-here', 'yes')
    expect(await refusals()).toEqual([])
  })
})

test.describe('cookies the web sets', () => {
  /** HttpOnly, SameSite=Lax, Path=/, and not Secure on this http address. */
  function expectSafeCookies(cookies: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>, names: string[]) {
    expect(cookies.map((cookie) => cookie.name)).toEqual(expect.arrayContaining(names))
    for (const cookie of cookies) {
      expect({ name: cookie.name, httpOnly: cookie.httpOnly, sameSite: cookie.sameSite, path: cookie.path, secure: cookie.secure }).toEqual({
        name: cookie.name,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: false,
      })
    }
  }

  test('signing in through the login screen, then collapsing the sidebar: the session and sidebar cookies are HttpOnly, SameSite=Lax, Path=/, not Secure', async ({ page }) => {
    await page.goto('/login')
    await signInWithForm(page, await createVerifiedUser())
    await expect(page).toHaveURL('/dashboard')
    await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    // The button changes as it is pressed; the cookie comes with the answer.
    await expect.poll(async () => (await page.context().cookies()).map((cookie) => cookie.name)).toContain('sidebar')
    expectSafeCookies(await page.context().cookies(), [SESSION_COOKIE, 'sidebar'])
  })

  test('signing up through the screen: the cookie keeping the email that waits for its code has the same flags', async ({ page }) => {
    await signUpWithForm(page)
    expectSafeCookies(await page.context().cookies(), ['pending_email'])
  })
})

test.describe('error pages show no internals', () => {
  test.skip(isNoJs, 'the server answers the same whatever the browser does with scripts: checked once, in the js project')

  /** No stack frame and no SQL in what the browser receives. */
  function expectNoInternals(html: string, what: string) {
    for (const pattern of [/^\s+at /m, /\bat .+:\d+:\d+/, /\.(ts|tsx|js|mjs):\d+/, /node_modules/, /\bselect\b.+\bfrom\b/i, /\binsert into\b/i, /syntax error|relation "|violates|duplicate key|drizzle|pglite|postgres/i]) {
      expect(html, `${what} shows ${pattern}`).not.toMatch(pattern)
    }
  }

  test('a bad id in the address, a form the action cannot read and a malformed address answer pages without a stack or SQL', async ({ page }) => {
    await signIn(page, E2E_ADMIN)
    for (const id of ["x'; drop table users; --", 'garbage', '%00']) {
      const answer = await page.request.get(`/users/${encodeURIComponent(id)}/profile`)
      expect(answer.status(), id).toBe(404)
      const html = await answer.text()
      expect(html).toContain('User not found')
      expectNoInternals(html, `/users/${id}/profile`)
    }

    const failed = await page.request.post('/login', { ...brokenMultipart, headers: { ...brokenMultipart.headers, origin: ownOrigin() } })
    // The sender's mistake, told as such (issue 12): a 400 page, never a 500.
    expect(failed.status()).toBe(400)
    const html = await failed.text()
    expect(html).toContain('This form could not be read. Please send it again from its page.')
    expectNoInternals(html, 'the error page')

    for (const address of ['/users/%E0%A4%A/profile', '/%E0%A4%A']) {
      const malformed = await page.request.get(address)
      expect(malformed.status(), address).toBe(400)
      expectNoInternals(await malformed.text(), address)
    }
  })
})

test.describe('bad input to the web never gives a 5xx (issue 12)', () => {
  test.skip(isNoJs, 'the server answers the same whatever the browser does with scripts: checked once, in the js project')

  /** Bodies no page of ours sends, each with the headers that go with it. */
  const BAD_BODIES: [string, { data?: string; headers: Record<string, string> }][] = [
    ['a JSON body', { data: '{"email":"a@example.com"}', headers: { 'content-type': 'application/json' } }],
    ['a text/plain body', { data: 'email=a@example.com', headers: { 'content-type': 'text/plain' } }],
    ['no content type and no body', { headers: {} }],
    ['a multipart body without its boundary', { data: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', headers: { 'content-type': 'multipart/form-data' } }],
    ['a broken multipart body', { data: '--x\r\nnot a part at all', headers: { 'content-type': 'multipart/form-data; boundary=x' } }],
  ]

  test('every route with an action answers each bad body without a 5xx: a 4xx with a sentence, or the unknown address its redirect', async ({ page, admin }) => {
    await signIn(page, E2E_ADMIN)
    const actions = (await webActions({ userId: await admin.userIdOf(E2E_ADMIN.email) })).filter((action) => action.id !== 'routes/logout')
    for (const { address } of actions) {
      for (const [name, { data, headers }] of BAD_BODIES) {
        const answer = await page.request.post(address, { data, headers: { origin: ownOrigin(), ...headers }, maxRedirects: 0 })
        const what = `POST ${address} with ${name}`
        expect(answer.status(), what).toBeLessThan(500)
        // An action that reads no form (the unknown address's) may send the visitor on; any other says why it refused.
        if (answer.status() < 400) expect(answer.headers().location, what).toBe('/login')
        else expect(await answer.text(), what).toMatch(/[A-Za-z]+ [a-z]+/)
      }
    }
    expect((await landingOf(page)).user?.email).toBe(E2E_ADMIN.email)
  })

  test('a form behind a proxy that rewrites Host still works: the Origin is checked against PUBLIC_URL', async ({ page }) => {
    const user = await createVerifiedUser()
    const answer = await page.request.post('/login', {
      form: { email: user.email, password: user.password, redirectTo: '' },
      headers: { origin: ownOrigin(), host: 'internal-web:3000' },
      maxRedirects: 0,
    })
    expect(answer.status()).toBe(302)
    expect(answer.headers()['set-cookie']).toContain(SESSION_COOKIE)
  })

  test('a body over 1 MB is refused with 413 before it is read', async ({ page }) => {
    const answer = await page.request.post('/login', {
      data: `email=${'a'.repeat(2 * 1024 * 1024)}`,
      headers: { origin: ownOrigin(), 'content-type': 'application/x-www-form-urlencoded' },
      maxRedirects: 0,
    })
    expect(answer.status()).toBe(413)
    expect(await answer.text()).toBe('This form is too large: the limit is 1 MB.')
  })
})

test.describe('redirect targets: only a path of this site (issue 12)', () => {
  test.skip(isNoJs, 'the server answers the same whatever the browser does with scripts: checked once, in the js project')

  const TARGETS = ['/\t/evil.test', '//evil.test', '/\\evil.test', '/\n/evil.test', '/\u0000', '/\u3000/evil.test', 'https://evil.test/']

  test('signing in with a crafted redirectTo lands on /, never elsewhere and never a 500', async ({ page }) => {
    const user = await createVerifiedUser()
    for (const redirectTo of TARGETS) {
      const answer = await page.request.post('/login', { form: { email: user.email, password: user.password, redirectTo }, headers: { origin: ownOrigin() }, maxRedirects: 0 })
      expect(answer.status(), JSON.stringify(redirectTo)).toBe(302)
      expect(answer.headers().location, JSON.stringify(redirectTo)).toBe('/')
    }
  })

  test('the login page and /preferences take the same targets without a 500', async ({ page }) => {
    await signIn(page, E2E_ADMIN)
    for (const redirectTo of TARGETS) {
      const shown = await page.request.get(`/login?${new URLSearchParams({ redirectTo })}`)
      expect(shown.status(), JSON.stringify(redirectTo)).toBe(200)
      const toggled = await page.request.post('/preferences', { form: { intent: 'sidebar', collapsed: 'false', redirectTo }, headers: { origin: ownOrigin() }, maxRedirects: 0 })
      expect(toggled.status(), JSON.stringify(redirectTo)).toBe(302)
      expect(toggled.headers().location, JSON.stringify(redirectTo)).toBe('/dashboard')
    }
  })
})
