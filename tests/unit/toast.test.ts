import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { getToast, redirectWithToast } from '#app/lib/toast.server'

// The secret is kept in DATA_DIR when SESSION_SECRET is unset: a folder of this run's, not the developer's.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flash-'))
vi.stubEnv('DATA_DIR', dataDir)
vi.stubEnv('SESSION_SECRET', '')

/** The cookie pairs a response sets, as a browser would send them back (name=value; …). */
const cookiesOf = (response: { headers: Headers }) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')

const requestWith = (cookie: string) => new Request('http://localhost/dashboard', { headers: { cookie } })

describe('flash confirmations', () => {
  it('signs with a secret kept in DATA_DIR, so another web process and a restart read the same flash', async () => {
    await redirectWithToast('/dashboard', { title: 'Profile updated' })
    const kept = fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')
    expect(kept).toMatch(/^[0-9a-f]{64}$/)
    expect(fs.statSync(path.join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600)
  })

  it('carries a saved confirmation through the redirect to the next page', async () => {
    const response = await redirectWithToast('/dashboard', { title: 'Profile updated' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/dashboard')
    const read = await getToast(requestWith(cookiesOf(response)))
    expect(read.toast).toEqual({ title: 'Profile updated', type: 'success' })
  })

  it('keeps the headers and status the action gave', async () => {
    const response = await redirectWithToast('/roles', { title: 'Role saved', description: 'Site engineer', type: 'message' }, { status: 303, headers: { 'set-cookie': 'session=abc; Path=/' } })
    expect(response.status).toBe(303)
    expect(response.headers.getSetCookie()).toHaveLength(2)
    expect(response.headers.getSetCookie()[0]).toBe('session=abc; Path=/')
    expect((await getToast(requestWith(cookiesOf(response)))).toast).toEqual({ title: 'Role saved', description: 'Site engineer', type: 'message' })
  })

  it('is shown once: reading it answers a header that clears the cookie', async () => {
    const response = await redirectWithToast('/dashboard', { title: 'Leave recorded' })
    const { headers } = await getToast(requestWith(cookiesOf(response)))
    const clearing = headers!.get('set-cookie')!
    expect(clearing).toMatch(/^flash=;/)
    expect(clearing).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
  })

  it('reads nothing, and sets nothing, when there is no flash', async () => {
    expect(await getToast(new Request('http://localhost/'))).toEqual({ toast: null, headers: null })
    expect(await getToast(requestWith('sidebar=e30%3D'))).toEqual({ toast: null, headers: null })
  })

  it('ignores a forged or garbled cookie, and clears it', async () => {
    const genuine = cookiesOf(await redirectWithToast('/dashboard', { title: 'Saved successfully!' }))
    const [name, value] = genuine.split('=')
    const [payload, signature] = decodeURIComponent(value).split('.')
    const forgedPayload = Buffer.from(JSON.stringify({ __flash_toast__: { title: 'Call 555-0100 now', type: 'error' } })).toString('base64')
    for (const cookie of [
      `${name}=${encodeURIComponent(`${forgedPayload}.${signature}`)}`,
      `${name}=${encodeURIComponent(`${payload}.AAAA`)}`,
      `${name}=${encodeURIComponent(forgedPayload)}`,
      `${name}=%E0%A4%A`,
      `${name}=not base64 at all`,
    ]) {
      const read = await getToast(requestWith(cookie))
      expect(read.toast, cookie).toBeNull()
    }
  })

  it('still redirects, flashing nothing, when the title is empty; cuts a long text', async () => {
    const empty = await redirectWithToast('/dashboard', { title: ' ' }, { headers: { 'set-cookie': 'session=abc; Path=/' } })
    expect(empty.headers.get('location')).toBe('/dashboard')
    expect(empty.headers.getSetCookie()).toEqual(['session=abc; Path=/'])

    const long = await redirectWithToast('/dashboard', { title: 'x'.repeat(1000), description: null })
    expect((await getToast(requestWith(cookiesOf(long)))).toast).toEqual({ title: 'x'.repeat(200), type: 'success' })
  })
})
