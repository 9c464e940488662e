import { OTP_PATTERN } from '#domain/constants'

/**
 * The Verify your email form: one address and the code (one field without JavaScript, six
 * one-digit boxes with it, posted under one name), and two buttons (`intent`). What the page
 * needs; the action reads the post with the schemas in ./form.server.ts (tests/unit/verify-otp-form.test.ts).
 */

export const VERIFY_PATH = '/verify-otp'

/** What the action answers: the verify's error (the code's own beside the boxes), or the resend's message, countdown or block. */
export type VerifyResult =
  | { intent: 'verify'; error: string; otpError?: string }
  | { intent: 'resend'; message?: string; error?: string; waitTime?: number; blocked?: boolean }

/** The boxes joined into the code, or the one field's code as it is. */
export const codeOf = (form: FormData) => form.getAll('otp').join('')

/** Whether the boxes hold a whole code: the pattern otpSchema checks, without shipping zod. */
export const isCode = (code: string) => OTP_PATTERN.test(code)
