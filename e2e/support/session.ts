import { expect, test, type Page } from '@playwright/test'
import { resetLink, verificationCode } from './outbox'
import { PASSWORD, uniqueEmail } from './users'
import { E2E_API_URL } from '../../playwright.config'

const API = E2E_API_URL

export const isNoJs = () => test.info().project.name === 'no-js'
/** A describe-level skip condition: the project runs with JavaScript off. */
export const withoutJavaScript = ({ javaScriptEnabled }: { javaScriptEnabled?: boolean }) => javaScriptEnabled === false

/** The site's own origin, as a browser on one of its pages would send it. */
export const ownOrigin = () => new URL(String(test.info().project.use.baseURL)).origin

/**
 * Signs in for a test whose subject is not the login screen: the login form posted the way the
 * browser posts it (same origin), so the session cookie lands in this page's browser context.
 */
export async function signIn(page: Page, user: { email: string; password: string }) {
  const response = await page.request.post('/login', {
    form: { email: user.email, password: user.password, redirectTo: '' },
    headers: { origin: ownOrigin() },
    maxRedirects: 0,
  })
  expect(response.status(), `sign-in of ${user.email}`).toBe(302)
}

/** Signs in through the login screen as a person would; the caller checks where it lands. */
export async function signInWithForm(page: Page, user: { email: string; password: string }) {
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Continue' }).click()
}

/** Signs in on the login screen with an email no account has; answers the 'User not found' dialog, open. */
export async function openUserNotFound(page: Page) {
  await page.goto('/login')
  await hydrated(page)
  await signInWithForm(page, { email: 'nobody-here@example.com', password: 'Wrong1!x' })
  const dialog = page.getByRole('dialog', { name: 'User not found' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Ends this page's session on the server (as a logout in another tab would), leaving the browser's cookie behind. */
export async function endSessionElsewhere(page: Page) {
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ')
  const response = await fetch(`${API}/auth/logout`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' })
  expect(response.ok).toBe(true)
  expect((await landingOf(page)).user).toBeNull()
}

/** What GET /landing answers for this page's session (the dashboard shows it). */
export async function landingOf(page: Page): Promise<{ message: string; user: { _id: string; email: string } | null }> {
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ')
  const response = await fetch(`${API}/landing`, { headers: { cookie } })
  expect(response.ok).toBe(true)
  return response.json()
}

/**
 * With JavaScript on, waits until React has hydrated the document, so that what a test checks
 * next is the JavaScript behaviour and not the server-rendered fallback. Without it, a no-op.
 */
export async function hydrated(page: Page) {
  if (isNoJs()) return
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')))
}

/** Signs up through the screen; the browser ends on /verify-otp with the code mailed. */
export async function signUpWithForm(page: Page, email = uniqueEmail('signup')) {
  await page.goto('/signup')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  const started = Date.now() - 1000
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/verify-otp$/)
  return { email, password: PASSWORD, code: () => verificationCode(email, started) }
}

/**
 * Enters the code as a person would: without JavaScript, typed in one go into the one field; with
 * it, typed into the six boxes (the focus moves on from box to box).
 */
export async function enterCode(page: Page, code: string) {
  if (isNoJs()) {
    const field = page.getByRole('textbox', { name: 'Verification code' })
    await field.clear()
    return field.pressSequentially(code)
  }
  await hydrated(page)
  for (let n = 1; n <= 6; n++) await page.getByLabel(`Digit ${n}`).clear()
  await page.getByLabel('Digit 1').click()
  await page.keyboard.type(code)
}

/** Asks the API for a reset mail (as the forgot-password screen does) and returns the mailed link. */
export async function mailedResetLink(email: string) {
  const started = Date.now() - 1000
  const response = await fetch(`${API}/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  })
  expect(response.ok).toBe(true)
  return resetLink(email, started)
}

/** Uses a reset link's token directly against the API (setup for tests about what follows a reset). */
export async function resetThroughApi(link: string, newPassword: string) {
  const token = new URL(link).searchParams.get('token')
  const response = await fetch(`${API}/auth/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, newPassword }),
  })
  expect(response.ok, await response.clone().text()).toBe(true)
}
