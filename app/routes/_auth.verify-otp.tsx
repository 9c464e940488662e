import { data, Form, redirect } from 'react-router'
import { useEffect, useState, type FormEvent } from 'react'
import { messages } from '#domain/auth-messages'
import { OTP_PURPOSE_SIGNUP } from '#domain/constants'
import { ErrorList, FormMessage } from '#app/components/form-message'
import { OtpInput } from '#app/features/auth/otp-input'
import { resendCode, verifyCode } from '#app/lib/api/auth.server'
import { mergeHeaders } from '#app/lib/api/http.server'
import { FALLBACK_MESSAGE, messageOr } from '#app/lib/errors'
import { pendingEmailCookie } from '#app/lib/cookies.server'
import { getLanding, mayBeSignedIn } from '#app/lib/session.server'
import { ERROR_CODES } from '#domain/contracts/errors'
import { useSubmitting } from '#app/lib/submitting'
import { readForm } from '#app/lib/form.server'
import { useCountdown } from '#app/features/auth/countdown'
import { codeOf, isCode, VERIFY_PATH, type VerifyResult } from '#app/features/auth/form'
import { linkedCode, readVerifyForm } from '#app/features/auth/form.server'
import type { Route } from './+types/_auth.verify-otp'

export const meta: Route.MetaFunction = () => [{ title: 'Verify your email · Workforce Portal' }]

export async function loader(args: Route.LoaderArgs) {
  const { request } = args
  const pending = (await pendingEmailCookie.parse(request.headers.get('cookie'))) as string | null
  const params = args.url.searchParams
  const linked = params.get('email')
  // Verifying signs in, ending the session this browser has: a link anyone could have sent fills the
  // form in for someone signed in only when this browser started that sign-up. Otherwise the form is
  // this browser's own, and the person is told why.
  if (linked && !sameAddress(linked, pending) && mayBeSignedIn(request)) {
    const { user } = await getLanding(args)
    if (user) return { email: pending ?? '', code: '', signedInAs: user.email }
  }
  // The emailed link fills the form in and nothing more: a GET never verifies (mail scanners open links).
  return { email: linked ?? pending ?? '', code: linkedCode(params), signedInAs: null }
}

const sameAddress = (one: string, other: string | null) => other !== null && one.trim().toLowerCase() === other.trim().toLowerCase()

export async function action(args: Route.ActionArgs) {
  const posted = readVerifyForm(await readForm(args.request))
  if (posted.intent === 'resend') {
    const resend = await resendCode(args, { email: posted.email, purpose: OTP_PURPOSE_SIGNUP })
    if (resend.ok) return data<VerifyResult>({ intent: 'resend', message: String(resend.data.message ?? '') })
    const { waitTime, code } = resend.error
    return data<VerifyResult>({ intent: 'resend', error: messageOr(resend.error, FALLBACK_MESSAGE), waitTime, blocked: code === ERROR_CODES.codeLimit })
  }
  if (posted.intent === 'invalid') return data<VerifyResult>(posted.result)
  const verify = await verifyCode(args, posted.value)
  if (!verify.ok) return data<VerifyResult>({ intent: 'verify', error: messageOr(verify.error, FALLBACK_MESSAGE) })
  const clearPending = new Headers({ 'set-cookie': await pendingEmailCookie.serialize('', { maxAge: 0 }) })
  return redirect('/personal-details', { headers: mergeHeaders(verify.headers, clearPending) })
}

export default function VerifyOtp({ loaderData, actionData: result }: Route.ComponentProps) {
  const { email, code, signedInAs } = loaderData
  const verifying = useSubmitting(VERIFY_PATH, 'verify')
  const resending = useSubmitting(VERIFY_PATH, 'resend')
  const resend = result?.intent === 'resend' ? result : undefined
  const verify = result?.intent === 'verify' ? result : undefined
  const countdown = useCountdown(resend?.waitTime, resend)
  // Once a resend is refused for the hourly limit, the button stays blocked on this page.
  const [blocked, setBlocked] = useState(false)
  useEffect(() => {
    if (resend?.blocked) setBlocked(true)
  }, [resend])
  const [clientError, setClientError] = useState<string>()
  useEffect(() => setClientError(undefined), [result])

  const checkCode = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    if (submitter?.value === 'resend') return
    const code = codeOf(new FormData(event.currentTarget))
    if (isCode(code)) return setClientError(undefined)
    event.preventDefault()
    setClientError(messages.otpInvalid)
  }
  const otpError = clientError ?? verify?.otpError
  const resendLabel = resending ? 'Resending...' : blocked ? 'Resend blocked' : countdown > 0 ? `Resend in ${countdown}s` : 'Resend OTP'

  return (
    <>
      <h1>Verify your email</h1>
      <p className="subtitle">Enter the 6-digit code sent to your email.</p>
      <FormMessage tone="error">
        {signedInAs &&
          `You are signed in as ${signedInAs}. This link is for another sign-up, and verifying it would sign you out and into that account: log out first, then open the link again.`}
      </FormMessage>
      <Form method="post" replace onSubmit={checkCode} noValidate>
        {email ? (
          <>
            {/* A disabled field is not sent, so the address travels in a hidden one. */}
            <input type="hidden" name="email" value={email} />
            <div className="field">
              <label htmlFor="verify-email">Email</label>
              <input id="verify-email" type="email" value={email} disabled readOnly />
            </div>
          </>
        ) : (
          // Nothing remembered (another browser, cleared cookies): the address is typed instead.
          <div className="field">
            <label htmlFor="verify-email">Email</label>
            <input id="verify-email" name="email" type="email" autoComplete="email" required />
          </div>
        )}
        <OtpInput name="otp" defaultCode={code} invalid={Boolean(otpError)} describedBy={otpError ? 'otp-error' : undefined} />
        <ErrorList id="otp-error" errors={otpError ? [otpError] : null} />
        <FormMessage tone="error">{verify?.error}</FormMessage>
        <button type="submit" name="intent" value="verify" className="button primary wide" disabled={verifying}>
          {verifying ? 'Verifying...' : 'Verify'}
        </button>
        <div className="resend">
          <FormMessage tone={resend?.error ? 'error' : 'success'}>{resend?.error ?? resend?.message}</FormMessage>
          <button type="submit" name="intent" value="resend" className="button secondary" disabled={resending || blocked || countdown > 0}>
            {resendLabel}
          </button>
        </div>
      </Form>
      <Form method="get" action="/login">
        <button type="submit" className="button ghost">
          Back to login
        </button>
      </Form>
    </>
  )
}
