import { Form, Link, redirect } from 'react-router'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { CURRENCIES, PRODUCT_NAME } from '#domain/constants'
import { profileFormSchema } from '#domain/profile'
import { Field, SelectField } from '#app/components/forms'
import { FALLBACK_MESSAGE, messageOr } from '#app/lib/errors'
import { readForm } from '#app/lib/form.server'
import { useDismissable } from '#app/lib/dismissable'
import { useHydrated } from '#app/lib/hydrated'
import { getLanding, loginRedirect } from '#app/lib/session.server'
import { useSubmitting } from '#app/lib/submitting'
import { redirectWithToast } from '#app/lib/toast.server'
import { parseWithSchema } from '#app/lib/validation'
import { inputProps } from '#app/lib/form-props'
import { useReplyForm } from '#app/lib/form-reply'
import { loadPersonalDetails, submitPersonalDetails } from '#app/features/profile/api.server'
import { ErrorSummary } from '#app/features/profile/error-summary'
import { FamilyFields, type PersonalField } from '#app/features/profile/family-fields'
import {
  AFTER_SUBMIT_PATH,
  ERROR_SUMMARY_ID,
  LOGIN_REQUIRED_PATH,
  PERSONAL_DETAILS_PATH,
  PROFILE_SAVED,
  sectionsWithErrors,
  summaryOf,
  type Section,
} from '#app/features/profile/form'
import { LoginRequired } from '#app/features/profile/login-required'
import type { Route } from './+types/personal-details'

export const meta: Route.MetaFunction = () => [{ title: `Complete Your Profile · ${PRODUCT_NAME}` }]

/**
 * For the signed-in (the route table), like every protected screen. Its signed-out parts serve a
 * session that ends while the form is open: a submit then keeps the form as a draft and asks for a
 * login, so a signed-out visitor holding such a draft still sees the form, with that dialog.
 */
export async function loader(args: Route.LoaderArgs) {
  const { hasDraft, ...view } = await loadPersonalDetails(args)
  if (!view.user && !hasDraft) throw loginRedirect(args.url)
  return { ...view, loginRequired: !view.user && args.url.searchParams.get('login') === 'required' }
}

export async function action(args: Route.ActionArgs) {
  const formData = await readForm(args.request)
  const submission = parseWithSchema(formData, { schema: profileFormSchema })
  if (submission.status !== 'success') return { result: submission.reply() }
  const { useDifferentEmail, ...profile } = submission.value
  const landing = await getLanding(args)
  if (landing.user && !useDifferentEmail) profile.personal.email = landing.user.email
  const { submitted, kept } = await submitPersonalDetails(args, profile, formData)
  if (submitted.ok) return redirectWithToast(AFTER_SUBMIT_PATH, { title: String(submitted.data.message || PROFILE_SAVED) }, { headers: submitted.headers })
  if (kept) return redirect(LOGIN_REQUIRED_PATH, { headers: kept.headers })
  return { result: submission.reply({ formErrors: [messageOr(submitted.error, FALLBACK_MESSAGE)] }) }
}

export default function PersonalDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { user, roles, values, differentEmail } = loaderData
  const submitting = useSubmitting(PERSONAL_DETAILS_PATH)
  const hydrated = useHydrated()
  // Checked by the action alone (profileFormSchema), with or without JavaScript.
  const form = useReplyForm({ id: 'profile', lastResult: actionData?.result, defaultValue: values })
  const fields = form.fieldset()
  const personal = form.fieldset<PersonalField>('personal')
  const professional = form.fieldset('professional')
  const financial = form.fieldset('financial')

  const [open, setOpen] = useState<Record<Section, boolean>>({ personal: true, professional: false, financial: false })
  const entries = summaryOf(form.allErrors)
  const withErrors = sectionsWithErrors(entries)
  // Each failed submit (the server's answer) opens the sections holding an error and moves to the
  // summary, once: fixing a field afterwards moves nothing.
  const summaryRef = useRef<HTMLDivElement>(null)
  const [failures, setFailures] = useState(0)
  const handled = useRef(0)
  useEffect(() => {
    if (actionData) setFailures((count) => count + 1)
  }, [actionData])
  const errorSections = [...withErrors].join(' ')
  useEffect(() => {
    if (failures === handled.current) return
    handled.current = failures
    const opened = Object.fromEntries(errorSections.split(' ').filter(Boolean).map((key) => [key, true]))
    setOpen((state) => ({ ...state, ...opened }))
    summaryRef.current?.focus()
  }, [failures, errorSections])
  const [loginModalClosed, closeLoginModal] = useDismissable(loaderData)
  const [useOtherEmail, setUseOtherEmail] = useState(differentEmail)
  // Without JavaScript the server's answer renders them open.
  const isOpen = (section: Section) => open[section] || (!hydrated && withErrors.has(section))

  const section = (key: Section, title: string, children: ReactNode) => (
    <details open={isOpen(key)} onToggle={(event) => {
      const now = event.currentTarget.open
      setOpen((state) => (state[key] === now ? state : { ...state, [key]: now }))
    }} className="section">
      <summary>
        <h2>{title}</h2>
      </summary>
      <div className="grid">{children}</div>
    </details>
  )

  return (
    <main id="main" tabIndex={-1} className="page-center wide">
      <section className="card">
        <h1>Complete Your Profile</h1>
        <ErrorSummary formId={form.id} title={form.errors?.[0]} titleId={form.errorId} entries={entries} summaryRef={summaryRef} />
        <Form
          method="post"
          action={`${PERSONAL_DETAILS_PATH}#${ERROR_SUMMARY_ID}`}
          // The schema is the one check, with or without JavaScript: the browser's own would stop a
          // submit at a field in a closed section, or at a bubble, before the summary could list it.
          {...form.props}
        >
          {section(
            'personal',
            'Personal Details',
            <>
              <Field label="Full Name *" meta={personal.name} inputProps={{ 'aria-required': true, autoComplete: 'name' }} />
              <Field label="Date of Birth *" meta={personal.dob} type="date" inputProps={{ 'aria-required': true }} />
              <Field label="Phone Number *" meta={personal.phone} type="tel" inputProps={{ 'aria-required': true, autoComplete: 'tel' }} />
              <div className="field">
                <Field
                  label="Personal Email"
                  meta={personal.email}
                  type="email"
                  help={user ? `Won't change your login email (${user.email})` : 'You can fill in this form now; you will be asked to log in when you submit.'}
                  inputProps={{ disabled: Boolean(user) && hydrated && !useOtherEmail }}
                />
                {user ? (
                  <label className="checkbox">
                    <input
                      {...inputProps(fields.useDifferentEmail, 'checkbox')}
                      key="useDifferentEmail"
                      defaultChecked={differentEmail}
                      onChange={(event) => setUseOtherEmail(event.currentTarget.checked)}
                    />
                    Use a different personal email
                  </label>
                ) : null}
              </div>
              <Field label="Qualification *" meta={personal.qualification} inputProps={{ 'aria-required': true }} />
              <FamilyFields personal={personal} />
            </>,
          )}
          {section(
            'professional',
            'Professional Details',
            <>
              <Field label="Employee ID" meta={professional.employId} />
              <Field label="Designation" meta={professional.designation} />
              <SelectField
                label="Role *"
                meta={fields.roleId}
                options={roles.map((role) => ({ value: role._id, label: role.name }))}
                placeholder="Select a role"
                selectProps={{ 'aria-required': true }}
              />
              <Field label="Work Location" meta={professional.workLocation} />
              <Field label="ASBL Experience (years)" meta={professional.asblExperience} type="number" inputProps={{ min: 0, step: 0.1 }} />
              <Field label="Previous Experience (years) *" meta={professional.previousExperience} type="number" inputProps={{ min: 0, step: 0.1, 'aria-required': true }} />
              <Field label="Total Experience (years)" meta={professional.totalExperience} type="number" inputProps={{ min: 0, step: 0.1 }} />
              <Field label="Reporting Manager" meta={professional.reportingManager} />
              <Field label="Date of Joining" meta={professional.dateOfJoining} type="date" />
              <Field label="Date of Leaving" meta={professional.dateOfLeaving} type="date" />
              <Field label="Previous Employer" meta={professional.previousEmployer} />
              <Field label="Previous Designation" meta={professional.previousDesignation} />
            </>,
          )}
          {section(
            'financial',
            'Financial Details',
            <>
              <Field label="Previous Organisation Salary *" meta={financial.previousOrgSalary} type="number" inputProps={{ min: 0, step: 1, 'aria-required': true }} />
              <SelectField label="Currency" meta={financial.currency} options={CURRENCIES} placeholder="Currency" />
            </>,
          )}
          <div className="actions">
            <Link to="/dashboard" className="button secondary">
              Next
            </Link>
            <button type="submit" className="button primary" disabled={submitting}>
              {submitting ? 'Submitting...' : 'Submit details'}
            </button>
          </div>
        </Form>
      </section>
      {loaderData.loginRequired && !loginModalClosed ? <LoginRequired onClose={closeLoginModal} /> : null}
    </main>
  )
}
