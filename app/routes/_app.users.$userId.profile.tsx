import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import * as z from 'zod/mini'
import { ACCOUNT_STATUSES, DEFAULT_CURRENCY, PRODUCT_NAME, type AccountStatus, type Permission } from '#domain/constants'
import { can, isAdmin, offeredRoles } from '#domain/access'
import { personalSchema, professionalSchema, profileUpdateSchema, type ProfileUpdate } from '#domain/profile'
import { usernameOf } from '#domain/users'
import { FamilyFields } from '#app/components/family-fields'
import { ErrorList, Field, FormMessage, SelectField } from '#app/components/forms'
import { api } from '#app/lib/api/http.server'
import { messageOr, type ApiError } from '#app/lib/errors'
import { requirePermission, requireUser } from '#app/lib/session.server'
import { useSubmitting } from '#app/lib/submitting'
import type { ListedUser } from '#app/lib/users.server'
import { parseWithSchema } from '#app/lib/validation'
import { readForm } from '#app/lib/form.server'
import { NOT_PROVIDED, shown, shownDate } from '#app/lib/display'

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/route-error'

export const meta: MetaFunction = () => [{ title: `User profile · ${PRODUCT_NAME}` }]

type Role = { _id: string; name: string }
/** GET /form/profile/{id}: the sections, the account's status and the person's role. */
type StoredProfile = Omit<ProfileUpdate, 'roleId' | 'status'> & { status: AccountStatus; roleId: Role | null }

/**
 * What the edit form changes. The rest of the profile (financial details, experience split) is
 * kept as stored: the action lays the form over the profile read just before the PUT.
 */
const profileEditSchema = z.object({
  personal: personalSchema,
  professional: z.pick(professionalSchema, {
    employId: true,
    designation: true,
    workLocation: true,
    totalExperience: true,
    reportingManager: true,
    dateOfJoining: true,
    dateOfLeaving: true,
    previousEmployer: true,
    previousDesignation: true,
  }),
  roleId: profileUpdateSchema.shape.roleId,
  status: profileUpdateSchema.shape.status,
})

const LOAD_FAILED = 'Failed to load user profile'
const SAVE_FAILED = 'Failed to update profile'

const profilePath = (userId: string) => `/users/${encodeURIComponent(userId)}/profile`
/** 'Failed to update profile', with the server's reason when it gave one. */
const failure = (error: ApiError) => {
  const reason = messageOr(error, '')
  return reason ? `${SAVE_FAILED}: ${reason}` : SAVE_FAILED
}

/** A user whose profile could not be read: shown as one with every field empty (§8). */
function emptyProfile(user: ListedUser): StoredProfile {
  const blank = <Keys extends string>(shape: Record<Keys, unknown>) => Object.fromEntries(Object.keys(shape).map((key) => [key, null])) as Record<Keys, null>
  return {
    status: user.status,
    roleId: null,
    personal: { ...blank(personalSchema.shape), name: user.fullName },
    professional: blank(professionalSchema.shape),
    financial: { previousOrgSalary: null, currency: DEFAULT_CURRENCY },
  }
}

/** Anyone may open their own profile; someone else's needs `view`, and editing it `edit`. */
async function authorize(args: LoaderFunctionArgs | ActionFunctionArgs, editing: boolean) {
  const { user } = await requireUser(args)
  const own = user._id === args.params.userId
  const needed: Permission[] = own ? [] : editing ? ['view', 'edit'] : ['view']
  const missing = needed.find((permission) => !can(user, permission))
  // Throws the screen's 403 page.
  if (missing) await requirePermission(args, missing)
  return { me: user, own }
}

export async function loader(args: LoaderFunctionArgs) {
  const userId = args.params.userId ?? ''
  const editing = new URL(args.request.url).searchParams.get('edit') === '1'
  const { me, own } = await authorize(args, editing)
  const canViewUsers = can(me, 'view')
  const id = encodeURIComponent(userId)
  const [account, profile, roles] = await Promise.all([
    api<ListedUser>(args, `/users/${id}`),
    api<StoredProfile>(args, `/form/profile/${id}`),
    editing ? api<{ roles: (Role & { permissions: string[] })[] }>(args, '/roles') : null,
  ])
  if (!account.ok) {
    const notFound = account.error.status === 404
    return json(
      { state: 'error' as const, message: notFound ? 'User not found' : messageOr(account.error, LOAD_FAILED), canViewUsers },
      { status: notFound ? 404 : 502 },
    )
  }
  const user = account.data
  const stored = profile.ok ? profile.data : emptyProfile(user)
  const offered = roles?.ok ? offeredRoles(roles.data.roles, me, { own, currentId: stored.roleId?._id ?? null }) : []
  return json({
    state: 'ready' as const,
    canViewUsers,
    own,
    editing,
    canEdit: own || can(me, 'edit'),
    // Financial details and the date of birth: the person's and the administrators' only (DESIGN §4).
    seesPrivate: own || isAdmin(me),
    user: { _id: user._id, email: user.email, fullName: user.fullName, status: user.status },
    profile: stored,
    roles: offered.map(({ _id, name }) => ({ _id, name })),
  })
}

export async function action(args: ActionFunctionArgs) {
  const userId = args.params.userId ?? ''
  const { own } = await authorize(args, true)
  const submission = parseWithSchema(await readForm(args.request), { schema: profileEditSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() })
  const current = await api<StoredProfile>(args, `/form/profile/${encodeURIComponent(userId)}`)
  if (!current.ok) return json({ result: submission.reply({ formErrors: [failure(current.error)] }) })
  const { personal, professional, roleId, status } = submission.value
  const body: ProfileUpdate = {
    personal,
    professional: { ...current.data.professional, ...professional },
    financial: current.data.financial,
    roleId,
    // Nobody changes their own account's status (the API refuses it).
    ...(own ? {} : { status }),
  }
  const saved = await api(args, `/form/profile/${encodeURIComponent(userId)}`, { method: 'PUT', body })
  if (saved.ok) return redirect(profilePath(userId), { headers: saved.headers })
  return json({ result: submission.reply({ formErrors: [failure(saved.error)] }) }, { headers: saved.headers })
}


/** Stored values (numbers, nulls) as the text a form field holds. */
const asFormValues = (source: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(source).map(([key, value]) => [key, value == null ? '' : String(value)]))


export default function UserProfile() {
  const data = useLoaderData<typeof loader>()
  const backLink = data.canViewUsers ? (
    <Link to="/users" className="button secondary">
      Back to Users
    </Link>
  ) : (
    <Link to="/dashboard" className="button secondary">
      Back to Dashboard
    </Link>
  )
  if (data.state === 'error') {
    return (
      <section className="card error-state" role="alert">
        <h1>{data.message}</h1>
        <div className="actions start">{backLink}</div>
      </section>
    )
  }
  return data.editing ? <EditProfile backLink={backLink} /> : <ViewProfile backLink={backLink} />
}

type Ready = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: 'ready' }>
const useReady = () => useLoaderData<typeof loader>() as Ready

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  )
}

function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\s+/g, '-')}`
  return (
    <section className="card profile-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

const StatusBadge = ({ status }: { status: string }) => <span className={`badge ${status === 'Active' ? 'success' : 'muted'}`}>{status}</span>

/** The name, user ID, username, phone and email, with the status display and the toolbar. */
function ProfileHeader({ toolbar, status }: { toolbar: ReactNode; status: ReactNode }) {
  const { user, profile } = useReady()
  const name = profile.personal.name || user.fullName
  return (
    <section className="card profile-header" aria-labelledby="profile-name">
      <div className="profile-header-top">
        <div>
          <h1 id="profile-name">{name || NOT_PROVIDED}</h1>
          <p className="username">{usernameOf(name) ?? NOT_PROVIDED}</p>
        </div>
        <div className="profile-status">{status}</div>
      </div>
      <dl className="details">
        <Detail term="User ID">{user._id}</Detail>
        <Detail term="Phone">{shown(profile.personal.phone)}</Detail>
        <Detail term="Email">{user.email}</Detail>
      </dl>
      <div className="actions start">{toolbar}</div>
    </section>
  )
}

function ContactInformation() {
  const { user, profile } = useReady()
  return (
    <aside className="card profile-contact" aria-labelledby="contact-heading">
      <h2 id="contact-heading">Contact information</h2>
      <h3>Emails</h3>
      <dl className="details">
        <Detail term="Login">{user.email}</Detail>
        <Detail term="Personal">{shown(profile.personal.email)}</Detail>
      </dl>
      <h3>Phone numbers</h3>
      <dl className="details">
        <Detail term="Phone">{shown(profile.personal.phone)}</Detail>
      </dl>
    </aside>
  )
}

function ViewProfile({ backLink }: { backLink: ReactNode }) {
  const { user, profile, canEdit, seesPrivate } = useReady()
  const { personal, professional } = profile
  const toolbar = (
    <>
      {backLink}
      {canEdit ? (
        <Link to={`${profilePath(user._id)}?edit=1`} className="button primary">
          Edit Profile
        </Link>
      ) : null}
    </>
  )
  return (
    <div className="stack profile-page">
      <ProfileHeader toolbar={toolbar} status={<StatusBadge status={profile.status || user.status} />} />
      <div className="profile-layout">
        <div className="stack">
          <ProfileSection title="Organizations">
            <dl className="details">
              <Detail term="Work Location">{shown(professional.workLocation)}</Detail>
              <Detail term="Designation">{shown(professional.designation)}</Detail>
              <Detail term="Employee ID">{shown(professional.employId)}</Detail>
              <Detail term="Reporting Manager">{shown(professional.reportingManager)}</Detail>
            </dl>
          </ProfileSection>
          <ProfileSection title="Personal details">
            <dl className="details">
              <Detail term="Full Name">{shown(personal.name)}</Detail>
              {seesPrivate ? <Detail term="Date of Birth">{shownDate(personal.dob)}</Detail> : null}
              <Detail term="Phone Number">{shown(personal.phone)}</Detail>
              <Detail term="Personal Email">{shown(personal.email)}</Detail>
              <Detail term="Qualification">{shown(personal.qualification)}</Detail>
              <Detail term="Marital Status">{shown(personal.maritalStatus)}</Detail>
              <Detail term="Blood Group">{shown(personal.bloodGroup)}</Detail>
              <Detail term="Father's Name">{shown(personal.fatherName)}</Detail>
              <Detail term="Father's Occupation">{shown(personal.fatherOccupation)}</Detail>
              <Detail term="Mother's Name">{shown(personal.motherName)}</Detail>
              <Detail term="Mother's Occupation">{shown(personal.motherOccupation)}</Detail>
              <Detail term="Siblings">{shown(personal.siblings)}</Detail>
            </dl>
          </ProfileSection>
          <ProfileSection title="Professional details">
            <dl className="details">
              <Detail term="Role">{shown(profile.roleId?.name ?? professional.role)}</Detail>
              <Detail term="Total Experience">{professional.totalExperience == null ? NOT_PROVIDED : `${professional.totalExperience} years`}</Detail>
              <Detail term="Date of Joining">{shownDate(professional.dateOfJoining)}</Detail>
              <Detail term="Date of Leaving">{shownDate(professional.dateOfLeaving)}</Detail>
              <Detail term="Previous Employer">{shown(professional.previousEmployer)}</Detail>
              <Detail term="Previous Designation">{shown(professional.previousDesignation)}</Detail>
            </dl>
          </ProfileSection>
        </div>
        <ContactInformation />
      </div>
    </div>
  )
}

function EditProfile({ backLink }: { backLink: ReactNode }) {
  const { user, profile, roles, own, seesPrivate } = useReady()
  const actionData = useActionData<typeof action>()
  const submitting = useSubmitting()
  const [form, fields] = useForm<z.input<typeof profileEditSchema>>({
    id: 'profile-edit',
    lastResult: actionData?.result,
    defaultValue: {
      personal: asFormValues(profile.personal),
      professional: asFormValues(profile.professional),
      roleId: profile.roleId?._id ?? '',
      status: profile.status || user.status,
    },
    onValidate: ({ formData }) => parseWithSchema(formData, { schema: profileEditSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const personal = fields.personal.getFieldset()
  const professional = fields.professional.getFieldset()
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
      <select {...getSelectProps(fields.status, { ariaAttributes: true })} key={fields.status.key}>
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
    <Form method="post" action={`${profilePath(user._id)}?edit=1`} className="stack profile-page" {...getFormProps(form)}>
      <ProfileHeader toolbar={toolbar} status={status} />
      <FormMessage id={form.errorId} tone="error">
        {form.errors?.[0]}
      </FormMessage>
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
              <FamilyFields personal={personal} />
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
        <ContactInformation />
      </div>
    </Form>
  )
}
