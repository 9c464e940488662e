import { otpSchema, verifyOtpFormSchema } from '#domain/auth'

/**
 * The Verify your email form: one address and the code (one field without JavaScript, six
 * one-digit boxes with it, posted under one name), and two buttons (`intent`). Pure, so the browser's check and the action read it the same way
 * (tests/unit/verify-otp-form.test.ts).
 */

export const VERIFY_PATH = '/verify-otp'

/** What the action answers: the verify's error (the code's own beside the boxes), or the resend's message, countdown or block. */
export type VerifyResult =
  | { intent: 'verify'; error: string; otpError?: string }
  | { intent: 'resend'; message?: string; error?: string; waitTime?: number; blocked?: boolean }

/** The boxes joined into the code, or the one field's code as it is. */
export const codeOf = (form: FormData) => form.getAll('otp').join('')

/** The code an emailed link carries (`?code=`), when it is one: it only fills the form in. */
export const linkedCode = (params: URLSearchParams) => {
  const code = params.get('code') ?? ''
  return otpSchema.safeParse(code).success ? code : ''
}

/**
 * The posted form: `resend` with its address, or `verify` with the address and code checked. A
 * bad code is reported beside the boxes; any other problem (the address) as the form's error.
 */
export function readVerifyForm(form: FormData) {
  const email = String(form.get('email') ?? '')
  if (form.get('intent') === 'resend') return { intent: 'resend' as const, email }
  const parsed = verifyOtpFormSchema.safeParse({ email, otp: codeOf(form) })
  if (parsed.success) return { intent: 'verify' as const, value: parsed.data }
  const otpError = parsed.error.issues.find((issue) => issue.path[0] === 'otp')?.message
  return { intent: 'invalid' as const, result: { intent: 'verify', error: otpError ? '' : parsed.error.issues[0].message, otpError } satisfies VerifyResult }
}
