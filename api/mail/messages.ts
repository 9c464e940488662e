import { PRODUCT_NAME } from '#domain/constants'
import type { Mail } from './mailer'

export const verificationMail = (to: string, code: string): Mail => ({
  to,
  subject: `Your ${PRODUCT_NAME} verification code`,
  text: `Your verification code is ${code}.\n\nIt expires in 10 minutes. If you did not sign up, ignore this email.\n`,
})

export const resetMail = (to: string, link: string): Mail => ({
  to,
  subject: `Reset your ${PRODUCT_NAME} password`,
  text: `To choose a new password, open this link within 30 minutes:\n\n${link}\n\nIf you did not ask for this, ignore this email.\n`,
})
