import { parseWithSchema } from '#app/lib/validation'
import { Form, Link, redirect } from 'react-router'
import { loginFormSchema } from '#domain/auth'
import { Field, FormMessage, PasswordField } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { logIn } from '#app/lib/api/auth.server'
import { FALLBACK_MESSAGE, messageOr } from '#app/lib/errors'
import { useDismissable } from '#app/lib/dismissable'
import { useReplyForm } from '#app/lib/form-reply'
import { LOGIN_CONSTRAINT } from '#app/features/auth/constraints'
import { pendingEmailCookie } from '#app/lib/cookies.server'
import { ERROR_CODES } from '#domain/contracts/errors'
import { safeRedirect } from '#app/lib/redirect'
import { useSubmitting } from '#app/lib/submitting'
import { readForm } from '#app/lib/form.server'
import { getLanding, mayBeSignedIn } from '#app/lib/session.server'
import type { Route } from './+types/_auth.login'

export const meta: Route.MetaFunction = () => [{ title: 'Sign in · Workforce Portal' }]

/** A signed-in person has nothing to do here: on to where they were going, or their dashboard. */
export async function loader(args: Route.LoaderArgs) {
  const url = args.url
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '')
  if (mayBeSignedIn(args.request) && (await getLanding(args)).user) throw redirect(redirectTo && !redirectTo.startsWith('/login') ? redirectTo : '/dashboard')
  return { redirectTo, email: url.searchParams.get('email') ?? '' }
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithSchema(await readForm(args.request), { schema: loginFormSchema })
  if (submission.status !== 'success') return { result: submission.reply({ hideFields: ['password'] }), userNotFound: null }
  const { email, password, redirectTo } = submission.value
  const login = await logIn(args, { email, password })
  if (login.ok) return redirect(safeRedirect(redirectTo, '/'), { headers: login.headers })
  if (login.error.code === ERROR_CODES.emailNotVerified) {
    return redirect('/verify-otp', { headers: { 'set-cookie': await pendingEmailCookie.serialize(email) } })
  }
  if (login.error.code === ERROR_CODES.userNotFound) {
    return { result: submission.reply({ hideFields: ['password'] }), userNotFound: email }
  }
  return { result: submission.reply({ formErrors: [messageOr(login.error, FALLBACK_MESSAGE)], hideFields: ['password'] }), userNotFound: null }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, email } = loaderData
  const submitting = useSubmitting('/login')
  // Checked by the action alone (loginFormSchema), with or without JavaScript.
  const form = useReplyForm({ id: 'login', lastResult: actionData?.result, defaultValue: { email }, constraint: LOGIN_CONSTRAINT })
  // The server's message goes away as soon as the user changes what they typed.
  const [edited, setEdited] = useDismissable(actionData)
  const [dialogClosed, closeDialog] = useDismissable(actionData)
  const userNotFound = actionData?.userNotFound

  return (
    <>
      <h1>Welcome Back</h1>
      <p className="subtitle">Sign in to access your account and resources.</p>
      <Form method="post" replace {...form.props} onChange={setEdited}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" meta={form.field('email')} type="email" inputProps={{ autoComplete: 'email', autoFocus: true }} />
        <PasswordField label="Password" meta={form.field('password')} inputProps={{ autoComplete: 'current-password' }} />
        {edited ? null : (
          <FormMessage id={form.errorId} tone="error">
            {form.errors?.[0]}
          </FormMessage>
        )}
        <button type="submit" className="button primary wide" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Continue'}
        </button>
      </Form>
      <p className="links">
        <Link to="/forgot-password">Forgot password?</Link>
        <span>
          No account? <Link to="/signup">Sign Up</Link>
        </span>
      </p>
      {userNotFound && !dialogClosed ? (
        <Modal title="User not found" onClose={closeDialog}>
          <p>Seems like the user does not exist. Would you like to sign up?</p>
          <div className="actions">
            {/* Without JavaScript, Cancel is a link back to the form with the email kept. */}
            <Link to={`/login?${new URLSearchParams({ email: userNotFound, ...(redirectTo && { redirectTo }) })}`} className="button secondary" onClick={(event) => {
              event.preventDefault()
              closeDialog()
            }}>
              Cancel
            </Link>
            <Link to={`/signup?${new URLSearchParams({ email: userNotFound })}`} className="button primary">
              Go to signup
            </Link>
          </div>
        </Modal>
      ) : null}
    </>
  )
}
