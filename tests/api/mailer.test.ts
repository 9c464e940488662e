import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { SMTPServer, type SMTPServerAddress } from 'smtp-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createMailer } from '#api/mail/mailer'
import { resetMail, verificationMail } from '#api/mail/messages'

/** The parts of an RFC 822 message a reader needs: headers (unfolded, by lower-case name) and body. */
function parseRfc822(raw: string) {
  const text = raw.replace(/\r\n/g, '\n')
  const split = text.indexOf('\n\n')
  expect(split).toBeGreaterThan(0)
  const headers = new Map<string, string>()
  for (const line of text.slice(0, split).replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    expect(colon, `header line "${line}"`).toBeGreaterThan(0)
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  let body = text.slice(split + 2)
  if (/quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '')) {
    body = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  }
  return { headers, body }
}

describe('without SMTP_URL: the outbox', () => {
  let dir: string
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'))
  })
  afterEach(() => fs.rm(dir, { recursive: true, force: true }))

  test('writes one RFC 822 .eml file per message, with To, From, Subject and the body, and logs a line naming the file', async () => {
    const outbox = path.join(dir, 'outbox') // created on first use
    const lines: string[] = []
    const mailer = createMailer({ from: 'portal@localhost', outboxDir: outbox, log: (line) => lines.push(line) })
    const mail = verificationMail('ana@example.com', '123456', 'http://localhost:3000')
    await mailer.send(mail)

    const files = await fs.readdir(outbox)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^\d{13}-[0-9a-f-]{36}\.eml$/)
    const file = path.join(outbox, files[0])
    const { headers, body } = parseRfc822(await fs.readFile(file, 'utf8'))
    expect(headers.get('to')).toBe('ana@example.com')
    expect(headers.get('from')).toBe('portal@localhost')
    expect(headers.get('subject')).toBe(mail.subject)
    expect(headers.get('message-id')).toMatch(/^<.+@.+>$/)
    expect(headers.get('date')).toBeTruthy()
    expect(body.trim()).toBe(mail.text.trim())
    expect(body).toContain('Your verification code is 123456.')
    // The subject carries the code (a phone's notification shows it); the link survives the encoding.
    expect(headers.get('subject')).toBe('123456 is your verification code')
    expect(body).toContain('http://localhost:3000/verify-otp?email=ana%40example.com&code=123456')

    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(file)
    expect(lines[0]).toContain('ana@example.com')
    // Only whom it went to and where it is: the subject carries the code.
    expect(lines[0]).toBe(`mail to ana@example.com written to ${file}`)
  })

  test('every message is its own file, none left half-written', async () => {
    const mailer = createMailer({ from: 'portal@localhost', outboxDir: dir, log: () => {} })
    await Promise.all([
      mailer.send(verificationMail('a@example.com', '111111', 'http://localhost:3000')),
      mailer.send(verificationMail('b@example.com', '222222', 'http://localhost:3000')),
      mailer.send(resetMail('c@example.com', 'http://localhost:3000/reset-password?token=abc')),
    ])
    const files = await fs.readdir(dir)
    expect(files).toHaveLength(3)
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true)
    const recipients = await Promise.all(files.map(async (f) => parseRfc822(await fs.readFile(path.join(dir, f), 'utf8')).headers.get('to')))
    expect(recipients.sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com'])
  })

  test('a long link survives the encoding intact', async () => {
    const mailer = createMailer({ from: 'portal@localhost', outboxDir: dir, log: () => {} })
    const link = `http://localhost:3000/reset-password?token=${'A1b2-C3_d4'.repeat(8)}`
    await mailer.send(resetMail('ana@example.com', link))
    const [file] = await fs.readdir(dir)
    expect(parseRfc822(await fs.readFile(path.join(dir, file), 'utf8')).body).toContain(link)
  })
})

describe('with SMTP_URL: a real SMTP server', () => {
  interface Received {
    from: string | false
    to: string[]
    user?: string
    raw: string
  }
  let server: SMTPServer
  let port: number
  const received: Received[] = []

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailuser' && auth.password === 'mail pass') return callback(null, { user: auth.username })
        callback(new Error('Invalid username or password'))
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom && session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r: SMTPServerAddress) => r.address),
            user: session.user as string | undefined,
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  beforeEach(() => {
    received.length = 0
  })

  test('delivers the message to the recipient, with its subject and body', async () => {
    const outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'))
    try {
      const mailer = createMailer({ from: 'Portal <noreply@portal.test>', smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: outbox, log: () => {} })
      const mail = verificationMail('ana@example.com', '654321', 'http://localhost:3000')
      await mailer.send(mail)
      expect(received).toHaveLength(1)
      expect(received[0].to).toEqual(['ana@example.com'])
      expect(received[0].from).toBe('noreply@portal.test')
      const { headers, body } = parseRfc822(received[0].raw)
      expect(headers.get('to')).toBe('ana@example.com')
      expect(headers.get('subject')).toBe(mail.subject)
      expect(headers.get('from')).toBe('Portal <noreply@portal.test>')
      expect(body.trim()).toBe(mail.text.trim())
      // Sent, not also written to the outbox.
      expect(await fs.readdir(outbox)).toEqual([])
    } finally {
      await fs.rm(outbox, { recursive: true, force: true })
    }
  })

  test('signs in with the user and password of the URL', async () => {
    const mailer = createMailer({ from: 'portal@localhost', smtpUrl: `smtp://mailuser:mail%20pass@127.0.0.1:${port}`, outboxDir: os.tmpdir(), log: () => {} })
    await mailer.send(resetMail('ana@example.com', 'http://localhost:3000/reset-password?token=xyz'))
    expect(received).toHaveLength(1)
    expect(received[0].user).toBe('mailuser')
    expect(parseRfc822(received[0].raw).body).toContain('http://localhost:3000/reset-password?token=xyz')
  })

  test('logs nothing: neither the given log nor the console hears of the message, its code or its link', async () => {
    const lines: string[] = []
    const written: string[] = []
    const keep = (chunk: unknown) => void written.push(String(chunk))
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (keep(chunk), true)),
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (keep(chunk), true)),
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method).mockImplementation((...args) => keep(args.join(' ')))),
    ]
    try {
      const mailer = createMailer({ from: 'portal@localhost', smtpUrl: `smtp://mailuser:mail%20pass@127.0.0.1:${port}`, outboxDir: os.tmpdir(), log: (line) => lines.push(line) })
      await mailer.send(verificationMail('ana@example.com', '482913', 'http://localhost:3000'))
      await mailer.send(resetMail('ana@example.com', 'http://localhost:3000/reset-password?token=secret-token-42'))
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
    expect(received).toHaveLength(2)
    expect(lines).toEqual([])
    expect(written.join('\n')).not.toMatch(/482913|secret-token-42|mail pass/)
  })

  test('a refusal by the server fails the send', async () => {
    const mailer = createMailer({ from: 'portal@localhost', smtpUrl: `smtp://mailuser:wrong@127.0.0.1:${port}`, outboxDir: os.tmpdir(), log: () => {} })
    await expect(mailer.send(verificationMail('ana@example.com', '000000', 'http://localhost:3000'))).rejects.toThrow()
    expect(received).toHaveLength(0)
  })
})
