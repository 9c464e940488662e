import type { SubmissionResult } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { useRef, type ReactNode } from 'react'
import { ACCOUNT_STATUSES } from '#domain/constants'
import { ErrorList, Field, FormMessage, SelectField } from '#app/components/forms'
import { useSubmitting } from '#app/lib/submitting'
import { selectProps } from '#app/lib/form-props'
import { useReplyForm } from '#app/lib/form-reply'
import { StatusBadge } from '#app/features/users/status-badge'
import { FamilyFields, type PersonalField } from './family-fields'
import { ErrorSummary } from './error-summary'
import { asFormValues, editPath, profilePath, summaryOf, type ProfileView } from './form'
import { ContactInformation, ProfileHeader, ProfileSection } from './profile-view'

/** The profile's edit form: the sections the spec lets an editor change, with the role and (someone else's) status. */

export function EditProfile({ data, backLink, lastResult }: { data: ProfileView; backLink: ReactNode; lastResult: SubmissionResult<string[]> | undefined }) {
  const { user, profile, roles, own, seesPrivate } = data
  const submitting = useSubmitting()
  // Checked by the action alone (profileEditSchema), with or without JavaScript.
  const form = useReplyForm({
    id: 'profile-edit',
    lastResult,
    defaultValue: {
      personal: asFormValues(profile.personal),
      professional: asFormValues(profile.professional),
      roleId: profile.roleId?._id ?? '',
      status: profile.status || user.status,
    },
  })
  const fields = form.fieldset()
  // A failed save opens the page again at the top of a long form: the summary there names each refused field and links to it.
  const summaryRef = useRef<HTMLDivElement>(null)
  const personal = form.fieldset<PersonalField>('personal')
  const professional = form.fieldset('professional')
  const toolbar = (
    <>
      {backLink}
      <Link to={profilePath(user._id)} className="button secondary">
        Cancel
      </Link>
      <button type="submit" className="button primary" disabled={submitting}>
        {submitting ? 'Saving...' : 'Save Changes'}
      </button>
    </>
  )
  // One's own account status is not one's to change: shown, not offered.
  const status = own ? (
    <StatusBadge status={profile.status || user.status} />
  ) : (
    <div className="field inline">
      <label htmlFor={fields.status.id}>Status</label>
      <select {...selectProps(fields.status)}>
        {ACCOUNT_STATUSES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      <ErrorList id={fields.status.errorId} errors={fields.status.errors} />
    </div>
  )
  return (
    <Form method="post" action={editPath(user._id)} className="stack profile-page" {...form.props}>
      <ProfileHeader data={data} toolbar={toolbar} status={status} />
      <FormMessage id={form.errorId} tone="error">
        {form.errors?.[0]}
      </FormMessage>
      <ErrorSummary formId={form.id} title={undefined} titleId={`${form.id}-summary`} entries={summaryOf(form.allErrors)} summaryRef={summaryRef} focusOnLoad />
      <div className="profile-layout">
        <div className="stack">
          <ProfileSection title="Organizations">
            <div className="grid">
              <Field label="Work Location" meta={professional.workLocation} />
              <Field label="Designation" meta={professional.designation} />
              <Field label="Employee ID" meta={professional.employId} />
              <Field label="Reporting Manager" meta={professional.reportingManager} />
            </div>
          </ProfileSection>
          <ProfileSection title="Personal details">
            <div className="grid">
              <Field label="Full Name" meta={personal.name} inputProps={{ autoComplete: 'off' }} />
              {seesPrivate ? <Field label="Date of Birth" meta={personal.dob} type="date" /> : null}
              <Field label="Phone Number" meta={personal.phone} type="tel" />
              <Field label="Personal Email" meta={personal.email} type="email" />
              <Field label="Qualification" meta={personal.qualification} />
              <FamilyFields personal={personal} family={seesPrivate} />
            </div>
          </ProfileSection>
          <ProfileSection title="Professional details">
            <div className="grid">
              <SelectField label="Role" meta={fields.roleId} options={roles.map((role) => ({ value: role._id, label: role.name }))} placeholder="No role" />
              <Field label="Total Experience (years)" meta={professional.totalExperience} type="number" inputProps={{ min: 0, max: 80, step: 0.1 }} />
              <Field label="Date of Joining" meta={professional.dateOfJoining} type="date" />
              <Field label="Date of Leaving" meta={professional.dateOfLeaving} type="date" />
              <Field label="Previous Employer" meta={professional.previousEmployer} />
              <Field label="Previous Designation" meta={professional.previousDesignation} />
            </div>
          </ProfileSection>
        </div>
        <ContactInformation data={data} />
      </div>
    </Form>
  )
}
