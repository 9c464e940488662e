import fs from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import { PRIVATE_DIR, PRIVATE_FILE } from '../../shared/private-files'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

export interface MailerOptions {
  from: string
  /** `smtp://user:pass@host:port` or `smtps://…`; unset: write to the outbox. */
  smtpUrl?: string
  outboxDir: string
  log?: (line: string) => void
}

/**
 * With SMTP_URL the message goes to that server, and nothing is logged (nodemailer's own logger is
 * off unless the URL asks for it). Without it, each message is one RFC 822 file
 * in the outbox (what a developer opens, and what the e2e tests read codes and links from).
 */
export function createMailer({ from, smtpUrl, outboxDir, log = console.log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const { message } = await transport.sendMail({ from, ...mail })
      // The account's alone, whatever the umask: a message holds a sign-up code or a reset link.
      await fs.mkdir(outboxDir, { recursive: true, mode: PRIVATE_DIR })
      await fs.chmod(outboxDir, PRIVATE_DIR)
      const file = path.join(outboxDir, `${Date.now()}-${randomUUID()}.eml`)
      // Written under a temporary name and renamed, so a reader never sees half a message.
      await fs.writeFile(`${file}.tmp`, message as Buffer, { mode: PRIVATE_FILE, flag: 'wx' })
      await fs.rename(`${file}.tmp`, file)
      // The recipient and the file only: a subject or body can carry a one-time code or a reset
      // link, and whoever reads the process's log (docker logs) must not be able to use them.
      log(`mail to ${mail.to} written to ${file}`)
    },
  }
}
