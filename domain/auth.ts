import { z } from 'zod'
import { MIN_PASSWORD_LENGTH, OTP_LENGTH, OTP_PURPOSE_SIGNUP } from './constants'

/** Texts of the access document §5, to the letter. */
export const messages = {
  passwordTooShort: 'Password must be at least 6 characters',
  passwordComposition: 'Password must contain at least one letter, one number, and one special character',
  passwordsDoNotMatch: 'Passwords do not match',
  otpInvalid: 'Please enter the 6-digit code',
  missingToken: 'Missing token. Use the link from your email.',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
} as const

// Letters, digits and the specials @$!%*?& only, with at least one of each kind.
const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/

export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }))

export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(128, 'Password must be at most 128 characters')
  .regex(PASSWORD_PATTERN, messages.passwordComposition)

const passwordSchema = z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(1024)

export const otpSchema = z
  .string({ error: messages.otpInvalid })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), messages.otpInvalid)

const confirmed = <T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsDoNotMatch })
  }
}

// The forms (browser and web action) and the API payloads (strict: unknown keys are refused).
export const signupFormSchema = z
  .object({ email: emailSchema, password: newPasswordSchema, confirmPassword: z.string({ error: messages.passwordsDoNotMatch }) })
  .superRefine(confirmed)
export const signupPayload = z.strictObject({ email: emailSchema, password: newPasswordSchema })

export const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema, redirectTo: z.string().optional() })
export const loginPayload = z.strictObject({ email: emailSchema, password: passwordSchema })

export const verifyOtpFormSchema = z.object({ email: emailSchema, otp: otpSchema })
export const verifyOtpPayload = z.strictObject({ email: emailSchema, otp: otpSchema })

export const resendOtpPayload = z.strictObject({ email: emailSchema, purpose: z.literal(OTP_PURPOSE_SIGNUP) })

export const forgotPasswordSchema = z.object({ email: emailSchema })
export const forgotPasswordPayload = z.strictObject({ email: emailSchema })

const tokenSchema = z.string({ error: messages.missingToken }).trim().min(1, messages.missingToken).max(200, messages.missingToken)

export const resetPasswordFormSchema = z
  .object({ token: tokenSchema, password: newPasswordSchema, confirmPassword: z.string({ error: messages.passwordsDoNotMatch }) })
  .superRefine(confirmed)
export const resetPasswordPayload = z.strictObject({ token: tokenSchema, newPassword: newPasswordSchema })

export type SignupPayload = z.infer<typeof signupPayload>
export type LoginPayload = z.infer<typeof loginPayload>
