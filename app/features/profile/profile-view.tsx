import { Link } from 'react-router'
import type { ReactNode } from 'react'
import { usernameOf } from '#domain/username'
import { NOT_PROVIDED, shown, shownDate } from '#app/lib/display'
import { StatusBadge } from '#app/features/users/status-badge'
import type { ProfileView } from './form'
import { editPath } from './paths'

/** A user's profile as read (spec/administration-planning.md §9's "Not provided" for what is missing), and the parts the edit form shares. */

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  )
}

export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\s+/g, '-')}`
  return (
    <section className="card profile-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/** The name, user ID, username, phone and email, with the status display and the toolbar. */
export function ProfileHeader({ data, toolbar, status }: { data: ProfileView; toolbar: ReactNode; status: ReactNode }) {
  const { user, profile } = data
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

export function ContactInformation({ data }: { data: ProfileView }) {
  const { user, profile } = data
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

export function ViewProfile({ data, backLink }: { data: ProfileView; backLink: ReactNode }) {
  const { user, profile, canEdit, seesPrivate } = data
  const { personal, professional } = profile
  const toolbar = (
    <>
      {backLink}
      {canEdit ? (
        <Link to={editPath(user._id)} className="button primary">
          Edit Profile
        </Link>
      ) : null}
    </>
  )
  return (
    <div className="stack profile-page">
      <ProfileHeader data={data} toolbar={toolbar} status={<StatusBadge status={profile.status || user.status} />} />
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
              {/* Blood group is for safety on site: whoever may view the person sees it. */}
              <Detail term="Blood Group">{shown(personal.bloodGroup)}</Detail>
              {/* Family details: the person's and the administrators' only (DESIGN §4); the API leaves them out for anyone else. */}
              {seesPrivate ? (
                <>
                  <Detail term="Marital Status">{shown(personal.maritalStatus)}</Detail>
                  <Detail term="Father's Name">{shown(personal.fatherName)}</Detail>
                  <Detail term="Father's Occupation">{shown(personal.fatherOccupation)}</Detail>
                  <Detail term="Mother's Name">{shown(personal.motherName)}</Detail>
                  <Detail term="Mother's Occupation">{shown(personal.motherOccupation)}</Detail>
                  <Detail term="Siblings">{shown(personal.siblings)}</Detail>
                </>
              ) : null}
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
        <ContactInformation data={data} />
      </div>
    </div>
  )
}
