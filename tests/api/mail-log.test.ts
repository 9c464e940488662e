import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { OTP_PURPOSE_SIGNUP, RESEND_COOLDOWN_MS } from '#domain/constants'
import { createMailer } from '#api/mail/mailer'
import { lastCode, lastResetToken, signedUpUser, startApi, uniqueEmail, type Api } from '../support/api-harness'

/**
 * What the API writes to its log (docker logs) when it mails a one-time code or a reset link: the
 * recipient and the outbox file, never the subject or the body, which carry the code and the link.
 * Whoever reads the log must not be able to verify a sign-up or reset a password with it.
 */

let api: Api
let outbox: string
const lines: string[] = []

beforeAll(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-log-'))
  api = await startApi({
    logger: { level: 'info', stream: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) } },
    deliver: createMailer({ from: 'portal@localhost', outboxDir: outbox, log: (line) => lines.push(line) }),
  })
})
afterAll(async () => {
  await api?.close()
  await fs.rm(outbox, { recursive: true, force: true })
})

test('a sign-up, a resend and a reset log whom each mail went to and its file, and neither a code nor the reset token', async () => {
  const email = uniqueEmail('logged')
  expect((await api.client().post('/auth/signup', { email, password: 'Secret1!' })).status).toBe(201)
  const code = lastCode(api, email)
  api.advance(RESEND_COOLDOWN_MS + 1000)
  expect((await api.client().post('/auth/resend-otp', { email, purpose: OTP_PURPOSE_SIGNUP })).status).toBe(200)
  const resent = lastCode(api, email)

  const { email: member } = await signedUpUser(api)
  expect((await api.client().post('/auth/forgot-password', { email: member })).status).toBe(200)
  await expect.poll(() => api.mails.filter((mail) => /Reset your/.test(mail.subject)).length).toBe(1)
  const token = lastResetToken(api, member)
  // The outbox has written all four mails (the member's code too), each logged once.
  await expect.poll(async () => (await fs.readdir(outbox)).filter((file) => file.endsWith('.eml')).length).toBe(4)
  await expect.poll(() => lines.filter((line) => line.startsWith('mail to ')).length).toBe(4)

  const files = (await fs.readdir(outbox)).map((file) => path.join(outbox, file))
  const mailLines = lines.filter((line) => line.startsWith('mail to '))
  for (const [to, count] of [[email.toLowerCase(), 2], [member.toLowerCase(), 2]] as const) {
    expect(mailLines.filter((line) => line.startsWith(`mail to ${to} written to `))).toHaveLength(count)
  }
  for (const line of mailLines) expect(files).toContain(line.replace(/^mail to \S+ written to /, ''))

  const log = lines.join('\n')
  for (const secret of [code, resent, lastCode(api, member), token, encodeURIComponent(token)]) expect(log).not.toContain(secret)
  for (const mail of api.mails) expect(log).not.toContain(mail.subject)
})
