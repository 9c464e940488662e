import { BLOOD_GROUPS, MARITAL_STATUSES } from '#domain/constants'
import { ErrorList, Field, SelectField } from '#app/components/forms'
import { textareaProps } from '#app/lib/form-props'
import type { FieldMeta } from '#app/lib/form-reply'

/** The personal section's field names (`personal.name` → `name`). */
export type PersonalField = 'name' | 'dob' | 'phone' | 'email' | 'qualification' | 'maritalStatus' | 'bloodGroup' | 'fatherName' | 'fatherOccupation' | 'motherName' | 'motherOccupation' | 'siblings'
type Personal = Record<PersonalField, FieldMeta>

/**
 * The personal details both profile forms share after the contact fields: status, blood group, family.
 * `family` false leaves out what only the person and administrators see (domain/access.ts
 * `seesPrivate`): an editor with `edit` keeps the blood group, needed on site, and nothing else.
 */
export function FamilyFields({ personal, family = true }: { personal: Personal; family?: boolean }) {
  if (!family) return <SelectField label="Blood Group" meta={personal.bloodGroup} options={BLOOD_GROUPS} />
  return (
    <>
      <SelectField label="Marital Status" meta={personal.maritalStatus} options={MARITAL_STATUSES} />
      <SelectField label="Blood Group" meta={personal.bloodGroup} options={BLOOD_GROUPS} />
      <Field label="Father's Name" meta={personal.fatherName} />
      <Field label="Father's Occupation" meta={personal.fatherOccupation} />
      <Field label="Mother's Name" meta={personal.motherName} />
      <Field label="Mother's Occupation" meta={personal.motherOccupation} />
      <div className="field span-2">
        <label htmlFor={personal.siblings.id}>Siblings</label>
        <textarea {...textareaProps(personal.siblings)} rows={2} />
        <ErrorList id={personal.siblings.errorId} errors={personal.siblings.errors} />
      </div>
    </>
  )
}
