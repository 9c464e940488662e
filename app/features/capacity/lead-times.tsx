import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import * as z from 'zod/mini'
import type { Capacity } from '#domain/contracts/schedule'
import { LEAD_MONTHS_MAX } from '#domain/schedule/limits'
import { roleLeadSchema } from '#domain/schedule/schemas'
import { parseWithSchema } from '#app/lib/validation'

/** What a save answers, beside the role it was about: the confirmation, or conform's reply to a refusal. */
export type LeadAnswer = { roleId: string } & ({ tone: 'success'; message: string } | { tone: 'error'; result: SubmissionResult<string[]> })

/** One role's form, read by PUT /roles/{id}'s rule for leadMonths in the browser and in the action (`roleId` is checked apart). */
export const leadTimeFormSchema = z.object({ leadMonths: roleLeadSchema.shape.leadMonths })

const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`

/**
 * Each role's lead time: read by everyone who sees capacity, changed by those with `edit`, one
 * form per role so that a save touches one role and works without JavaScript.
 */
export function LeadTimes({ roles, editable, answer }: { roles: Capacity['roles']; editable: boolean; answer: LeadAnswer | null }) {
  if (roles.length === 0) return null
  return (
    <section className="card stack" aria-labelledby="lead-times-heading">
      <h2 id="lead-times-heading">Lead times</h2>
      <p className="subtitle">How many calendar months before a cluster starts its people must be hired; one, as Deployed By, unless set.</p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col">Lead time</th>
          </tr>
        </thead>
        <tbody>
          {roles.map(({ role, leadMonths }) => (
            <tr key={role._id}>
              <th scope="row">{role.name}</th>
              <td>
                {editable ? (
                  // Keyed by the saved value: a save that worked starts the form afresh from it.
                  <LeadTimeForm key={leadMonths} role={role} leadMonths={leadMonths} answer={answer?.roleId === role._id ? answer : null} />
                ) : (
                  months(leadMonths)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** One role's lead time, read through conform like every form; its message, a confirmation or the refusal, shows beside Save. */
function LeadTimeForm({ role, leadMonths, answer }: { role: Capacity['roles'][number]['role']; leadMonths: number; answer: LeadAnswer | null }) {
  const [form, fields] = useForm({
    id: `lead-form-${role._id}`,
    lastResult: answer?.tone === 'error' ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithSchema(formData, { schema: leadTimeFormSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const error = form.errors?.[0] ?? fields.leadMonths.errors?.[0]
  const message = error ? { tone: 'error' as const, text: error } : answer?.tone === 'success' ? { tone: answer.tone, text: answer.message } : null
  const inputId = `lead-${role._id}`
  const messageId = `${inputId}-message`
  return (
    <Form method="post" {...getFormProps(form, { ariaAttributes: false })} className="inline-form">
      <input type="hidden" name="roleId" value={role._id} />
      <label htmlFor={inputId} className="visually-hidden">{`Lead time of ${role.name} in months`}</label>
      <input
        id={inputId}
        type="number"
        name={fields.leadMonths.name}
        min={0}
        max={LEAD_MONTHS_MAX}
        step={1}
        defaultValue={fields.leadMonths.initialValue ?? leadMonths}
        key={fields.leadMonths.key}
        inputMode="numeric"
        {...(error && { 'aria-invalid': true, 'aria-describedby': messageId })}
      />
      <button type="submit" className="button secondary">
        Save
      </button>
      {message ? (
        <span id={messageId} className={`form-message ${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </span>
      ) : null}
    </Form>
  )
}
