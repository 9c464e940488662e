import { Form } from 'react-router'
import type { Capacity } from '#domain/contracts/schedule'
import { LEAD_MONTHS_MAX } from '#domain/schedule/limits'

export interface LeadAnswer {
  roleId: string
  tone: 'success' | 'error'
  message: string
}

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
          {roles.map(({ role, leadMonths }) => {
            const said = answer?.roleId === role._id ? answer : null
            return (
              <tr key={role._id}>
                <th scope="row">{role.name}</th>
                <td>
                  {editable ? (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="roleId" value={role._id} />
                      <label htmlFor={`lead-${role._id}`} className="visually-hidden">{`Lead time of ${role.name} in months`}</label>
                      <input id={`lead-${role._id}`} type="number" name="leadMonths" min={0} max={LEAD_MONTHS_MAX} step={1} defaultValue={leadMonths} key={leadMonths} inputMode="numeric" />
                      <button type="submit" className="button secondary">
                        Save
                      </button>
                      {said ? (
                        <span className={`form-message ${said.tone}`} role={said.tone === 'error' ? 'alert' : 'status'}>
                          {said.message}
                        </span>
                      ) : null}
                    </Form>
                  ) : (
                    months(leadMonths)
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
