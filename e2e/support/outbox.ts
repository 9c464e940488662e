import fs from 'node:fs/promises'
import path from 'node:path'
import { expect } from '@playwright/test'
import { E2E_DATA_DIR } from '../../playwright.config'

const OUTBOX = path.join(E2E_DATA_DIR, 'outbox')

/** The newest message the app wrote to this address (RFC 822 text, quoted-printable decoded). */
export async function latestMail(to: string, subject: RegExp, after = 0): Promise<string> {
  let found = ''
  await expect
    .poll(
      async () => {
        const names = (await fs.readdir(OUTBOX).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort()
        for (const name of names.reverse()) {
          if (Number(name.split('-')[0]) < after) break
          const text = decode(await fs.readFile(path.join(OUTBOX, name), 'utf8'))
          if (text.includes(`To: ${to}`) && subject.test(text)) {
            found = text
            return true
          }
        }
        return false
      },
      { message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true)
  return found
}

const decode = (text: string) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))

export async function verificationCode(email: string, after = 0) {
  const mail = await latestMail(email, /verification code/, after)
  return mail.match(/code is (\d{6})/)![1]
}

export async function resetLink(email: string, after = 0) {
  const mail = await latestMail(email, /Reset your/, after)
  return mail.match(/(http\S+reset-password\?token=\S+)/)![1]
}

/** The link of the newest verification mail: /verify-otp with the address and code in its query. */
export async function verifyLink(email: string, after = 0) {
  const mail = await latestMail(email, /verification code/, after)
  return mail.match(/(http\S+\/verify-otp\?\S+)/)![1]
}
