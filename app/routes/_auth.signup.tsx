import { parseWithSchema } from '#app/lib/validation'
import { useReplyForm } from '#app/lib/form-reply'
import { SIGNUP_CONSTRAINT } from '#app/features/auth/constraints'
import { Form, Link, redirect } from 'react-router'
import { signupFormSchema } from '#domain/auth'
import { Field, FormMessage, PasswordField } from '#app/components/forms'
import { signUp } from '#app/lib/api/auth.server'
import { FALLBACK_MESSAGE, messageOr } from '#app/lib/errors'
import { pendingEmailCookie } from '#app/lib/cookies.server'
import { useSubmitting } from '#app/lib/submitting'
import { readForm } from '#app/lib/form.server'
import type { Route } from './+types/_auth.signup'

// The spec gives the signup email field a minimum length of 6.
const EMAIL_MIN_LENGTH = 6

export const meta: Route.MetaFunction = () => [{ title: 'Create your account · Workforce Portal' }]

/** The email comes along from the login screen's "Go to signup". */
export async function loader({ url }: Route.LoaderArgs) {
  return { email: url.searchParams.get('email') ?? '' }
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithSchema(await readForm(args.request), { schema: signupFormSchema })
  const hideFields = ['password', 'confirmPassword']
  if (submission.status !== 'success') return { result: submission.reply({ hideFields }) }
  const { email, password } = submission.value
  const signup = await signUp(args, { email, password })
  if (!signup.ok) return { result: submission.reply({ formErrors: [messageOr(signup.error, FALLBACK_MESSAGE)], hideFields }) }
  return redirect('/verify-otp', { headers: { 'set-cookie': await pendingEmailCookie.serialize(email) } })
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { email } = loaderData
  const submitting = useSubmitting('/signup')
  // Checked by the action alone (signupFormSchema), with or without JavaScript.
  const form = useReplyForm({ id: 'signup', lastResult: actionData?.result, defaultValue: { email }, constraint: SIGNUP_CONSTRAINT })
  return (
    <>
      <h1>Create your account</h1>
      <Form method="post" {...form.props}>
        <Field label="Email" meta={form.field('email')} type="email" inputProps={{ autoComplete: 'email', minLength: EMAIL_MIN_LENGTH }} />
        <PasswordField label="Password" meta={form.field('password')} inputProps={{ autoComplete: 'new-password' }} />
        <PasswordField label="Confirm password" meta={form.field('confirmPassword')} inputProps={{ autoComplete: 'new-password' }} />
        <FormMessage id={form.errorId} tone="error">
          {form.errors?.[0]}
        </FormMessage>
        <button type="submit" className="button primary wide" disabled={submitting}>
          {submitting ? 'Creating...' : 'Create account'}
        </button>
      </Form>
      <p className="links">
        <span>
          Already have an account? <Link to="/login">Log in</Link>
        </span>
      </p>
    </>
  )
}
