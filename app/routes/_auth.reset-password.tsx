import { parseWithSchema } from '#app/lib/validation'
import { useReplyForm } from '#app/lib/form-reply'
import { RESET_PASSWORD_CONSTRAINT } from '#app/features/auth/constraints'
import { Form, Link, useNavigate } from 'react-router'
import { useEffect } from 'react'
import { resetPasswordFormSchema } from '#domain/auth'
import { messages } from '#domain/auth-messages'
import { RESET_REDIRECT_DELAY_MS } from '#domain/constants'
import { FormMessage, PasswordField } from '#app/components/forms'
import { resetPassword } from '#app/lib/api/auth.server'
import { FALLBACK_MESSAGE, messageOr } from '#app/lib/errors'
import { useSubmitting } from '#app/lib/submitting'
import { readForm } from '#app/lib/form.server'
import type { Route } from './+types/_auth.reset-password'

const DONE_FALLBACK = 'Password reset successful. Please log in.'
const hideFields = ['password', 'confirmPassword']

export const meta: Route.MetaFunction = () => [{ title: 'Reset password · Workforce Portal' }]

export async function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') ?? '' }
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithSchema(await readForm(args.request), { schema: resetPasswordFormSchema })
  if (submission.status !== 'success') return { result: submission.reply({ hideFields }), done: null }
  const { token, password } = submission.value
  const reset = await resetPassword(args, { token, newPassword: password })
  if (!reset.ok) return { result: submission.reply({ formErrors: [messageOr(reset.error, FALLBACK_MESSAGE)], hideFields }), done: null }
  return { result: submission.reply({ resetForm: true }), done: String(reset.data.message || DONE_FALLBACK) }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData
  const submitting = useSubmitting()
  const navigate = useNavigate()
  // Checked by the action alone (resetPasswordFormSchema), with or without JavaScript. Any change to
  // either password field clears every error at once (spec/access-session-profile-shell.md §5).
  const form = useReplyForm({ id: 'reset-password', lastResult: actionData?.result, defaultValue: { token }, constraint: RESET_PASSWORD_CONSTRAINT, clearOnInput: 'all' })
  const done = actionData?.done
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [done, navigate])
  const tokenError = token ? form.field('token').errors?.[0] : messages.missingToken

  return (
    <>
      <h1>Reset password</h1>
      {done ? (
        <>
          <FormMessage tone="success">{done}</FormMessage>
          {/* Without JavaScript the browser follows this after a second, replacing history as well. */}
          <noscript>
            <meta httpEquiv="refresh" content="1;url=/login" />
          </noscript>
        </>
      ) : (
        <Form method="post" {...form.props}>
          <input type="hidden" name="token" value={token} />
          <PasswordField label="New password" meta={form.field('password')} inputProps={{ autoComplete: 'new-password' }} />
          <PasswordField label="Confirm new password" meta={form.field('confirmPassword')} inputProps={{ autoComplete: 'new-password' }} />
          <FormMessage id={form.errorId} tone="error">
            {tokenError ?? form.errors?.[0]}
          </FormMessage>
          <button type="submit" className="button primary wide" disabled={submitting || !token}>
            {submitting ? 'Resetting...' : 'Reset password'}
          </button>
        </Form>
      )}
      <p className="links">
        <Link to="/login">Back to login</Link>
      </p>
    </>
  )
}
