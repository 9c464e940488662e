// zod/mini: the same rules as full zod in a build small enough to ship to every browser.
import * as z from 'zod/mini'
import { MIN_PASSWORD_LENGTH, OTP_PATTERN, OTP_PURPOSE_SIGNUP } from './constants'
import { messages } from './auth-messages'

export { messages }

// Letters, digits and the specials @$!%*?& only, with at least one of each kind.
const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/

export const emailSchema = z.pipe(
  z.string({ error: messages.emailRequired }).check(z.trim(), z.minLength(1, messages.emailRequired), z.maxLength(254, messages.emailInvalid)),
  z.email({ error: messages.emailInvalid }),
)

export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, messages.passwordTooShort),
    z.maxLength(128, 'Password must be at most 128 characters'),
    z.regex(PASSWORD_PATTERN, messages.passwordComposition),
  )

const passwordSchema = z.string({ error: messages.passwordRequired }).check(z.minLength(1, messages.passwordRequired), z.maxLength(1024))

export const otpSchema = z.string({ error: messages.otpInvalid }).check(z.regex(OTP_PATTERN, messages.otpInvalid))

const confirmation = z.string({ error: messages.passwordsDoNotMatch })
/** The password typed twice: the second must match the first. */
const passwordsMatch = { path: ['confirmPassword'], message: messages.passwordsDoNotMatch }
const same = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword

// The forms (browser and web action) and the API payloads (strict: unknown keys are refused).
export const signupFormSchema = z
  .object({ email: emailSchema, password: newPasswordSchema, confirmPassword: confirmation })
  .check(z.refine((value) => same(value), passwordsMatch))
export const signupPayload = z.strictObject({ email: emailSchema, password: newPasswordSchema })

export const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema, redirectTo: z.optional(z.string()) })
export const loginPayload = z.strictObject({ email: emailSchema, password: passwordSchema })

export const verifyOtpFormSchema = z.object({ email: emailSchema, otp: otpSchema })
export const verifyOtpPayload = z.strictObject({ email: emailSchema, otp: otpSchema })

export const resendOtpPayload = z.strictObject({ email: emailSchema, purpose: z.literal(OTP_PURPOSE_SIGNUP) })

export const forgotPasswordSchema = z.object({ email: emailSchema })
export const forgotPasswordPayload = z.strictObject({ email: emailSchema })

const tokenSchema = z.string({ error: messages.missingToken }).check(z.trim(), z.minLength(1, messages.missingToken), z.maxLength(200, messages.missingToken))

export const resetPasswordFormSchema = z
  .object({ token: tokenSchema, password: newPasswordSchema, confirmPassword: confirmation })
  .check(z.refine((value) => same(value), passwordsMatch))
export const resetPasswordPayload = z.strictObject({ token: tokenSchema, newPassword: newPasswordSchema })

export type SignupPayload = z.infer<typeof signupPayload>
export type LoginPayload = z.infer<typeof loginPayload>
