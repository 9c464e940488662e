import { parseWithSchema } from '#app/lib/validation'
import { useReplyForm } from '#app/lib/form-reply'
import { FORGOT_PASSWORD_CONSTRAINT } from '#app/features/auth/constraints'
import { Form, Link } from 'react-router'
import { forgotPasswordSchema } from '#domain/auth'
import { Field, FormMessage } from '#app/components/forms'
import { requestReset } from '#app/lib/api/auth.server'
import { FALLBACK_MESSAGE, messageOr } from '#app/lib/errors'
import { useSubmitting } from '#app/lib/submitting'
import { readForm } from '#app/lib/form.server'
import type { Route } from './+types/_auth.forgot-password'

const SENT_FALLBACK = 'If the email exists, a reset link has been sent to your email.'

export const meta: Route.MetaFunction = () => [{ title: 'Forgot your password? · Workforce Portal' }]

export async function action(args: Route.ActionArgs) {
  const submission = parseWithSchema(await readForm(args.request), { schema: forgotPasswordSchema })
  if (submission.status !== 'success') return { result: submission.reply(), sent: null }
  const forgot = await requestReset(args, submission.value)
  if (!forgot.ok) return { result: submission.reply({ formErrors: [messageOr(forgot.error, FALLBACK_MESSAGE)] }), sent: null }
  return { result: submission.reply(), sent: String(forgot.data.message || SENT_FALLBACK) }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting('/forgot-password')
  // Checked by the action alone (forgotPasswordSchema), with or without JavaScript.
  const form = useReplyForm({ id: 'forgot-password', lastResult: actionData?.result, constraint: FORGOT_PASSWORD_CONSTRAINT })
  return (
    <>
      <h1>Forgot your password?</h1>
      <Form method="post" {...form.props}>
        <Field label="Email" meta={form.field('email')} type="email" inputProps={{ autoComplete: 'email', autoFocus: true }} />
        <FormMessage id={form.errorId} tone="error">
          {form.errors?.[0]}
        </FormMessage>
        <FormMessage tone="success">{actionData?.sent}</FormMessage>
        <button type="submit" className="button primary wide" disabled={submitting}>
          {submitting ? 'Sending...' : 'Send reset link'}
        </button>
      </Form>
      <p className="links">
        <Link to="/login">Back to login</Link>
      </p>
    </>
  )
}
