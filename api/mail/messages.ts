import { PRODUCT_NAME } from '#domain/constants'
import type { Mail } from './mailer'

/**
 * The code is in the subject, so a phone's notification shows it. The link opens the Verify your
 * email form with the address and code filled in; the person still presses Verify, because mail
 * scanners open links and a GET never verifies.
 */
export const verificationMail = (to: string, code: string, publicUrl: string): Mail => ({
  to,
  subject: `${code} is your verification code`,
  text:
    `Your verification code is ${code}.\n\n` +
    `Or open this link, which fills the code in for you, and press Verify:\n\n${verifyLink(publicUrl, to, code)}\n\n` +
    `It expires in 10 minutes. If you did not sign up, ignore this email.\n`,
})

const verifyLink = (publicUrl: string, email: string, code: string) =>
  `${publicUrl}/verify-otp?${new URLSearchParams({ email, code })}`

export const resetMail = (to: string, link: string): Mail => ({
  to,
  subject: `Reset your ${PRODUCT_NAME} password`,
  text: `To choose a new password, open this link within 30 minutes:\n\n${link}\n\nIf you did not ask for this, ignore this email.\n`,
})
