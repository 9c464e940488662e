import * as z from 'zod/mini'
import { otpSchema, verifyOtpFormSchema } from '#domain/auth'
import { intentUnion, readIntent, type IntentTable } from '#app/lib/intents'
import { firstOf, parseWithSchema, recordOf, textField } from '#app/lib/validation'
import type { VerifyResult } from './form'

/** The Verify your email post read by the domain's schemas, on the server only. */

/** The code an emailed link carries (`?code=`), when it is one: it only fills the form in. */
export const linkedCode = (params: URLSearchParams) => {
  const code = params.get('code') ?? ''
  return otpSchema.safeParse(code).success ? code : ''
}

/** The verify post: the address as sent, and the code from its one field or its six boxes, then the domain's checks. */
export const verifyPostSchema = z.pipe(
  z.transform((form: unknown) => {
    const { email, otp } = recordOf(form)
    return { email: String(firstOf(email) ?? ''), otp: [otp ?? []].flat().join('') }
  }),
  verifyOtpFormSchema,
)

/** The two buttons, beside what they need: nobody is signed in yet, so no permission. */
export const INTENTS = {
  verify: { permission: [], schema: verifyPostSchema },
  resend: { permission: [], schema: z.object({ email: textField }) },
} as const satisfies IntentTable
const POSTED = intentUnion(INTENTS)

/**
 * The posted form: `resend` with its address, or `verify` with the address and code checked. A
 * bad code is reported beside the boxes; any other problem (the address) as the form's error.
 */
export function readVerifyForm(form: FormData) {
  // Any post but Resend's is a verify: the code's own field submits it too, and the filled boxes submit it without a button.
  const posted = readIntent(POSTED, form)
  if (posted?.intent === 'resend') return { intent: 'resend' as const, email: posted.submission.status === 'success' ? posted.submission.value.email : '' }
  const submission = posted?.intent === 'verify' ? posted.submission : parseWithSchema(form, { schema: INTENTS.verify.schema })
  if (submission.status === 'success') return { intent: 'verify' as const, value: submission.value }
  const errors = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? [])
  const otpError = submission.error?.otp?.[0]
  return { intent: 'invalid' as const, result: { intent: 'verify', error: otpError ? '' : (errors[0] ?? ''), otpError } satisfies VerifyResult }
}
