import { Form, useNavigate } from 'react-router'
import { Modal } from '#app/components/modal'
import { useSubmitting } from '#app/lib/submitting'
import { DialogActions } from './dialog-parts'
import type { GroupState } from './form'

export function GroupDialog({ closeTo, planningId, roleId, roleName, singles, groups }: GroupState & { closeTo: string }) {
  const navigate = useNavigate()
  const saving = useSubmitting(undefined, 'group')
  return (
    <Modal title={`Group Clusters for ${roleName}`} width={600} onClose={() => navigate(closeTo)}>
      <Form method="post">
        <input type="hidden" name="intent" value="group" />
        <input type="hidden" name="planningId" value={planningId} />
        <input type="hidden" name="roleId" value={roleId} />
        <p className="help">Select two or more clusters to plan them together as one group.</p>
        <fieldset className="field">
          <legend>Clusters</legend>
          {singles.length === 0 ? (
            <p className="help">Every cluster of this role is already in a group.</p>
          ) : (
            <div className="checkbox-grid">
              {singles.map((cluster) => (
                <label key={cluster._id} className="checkbox">
                  <input type="checkbox" name="clusters" value={cluster._id} /> {cluster.name}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        {groups.length ? (
          <section aria-labelledby="existing-groups">
            <h3 id="existing-groups" className="subheading">
              Existing groups
            </h3>
            <ul className="group-list">
              {groups.map((label, index) => (
                <li key={index}>
                  <span className="badge">{label}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <DialogActions closeTo={closeTo} label="Save" busyLabel="Saving..." busy={saving} />
      </Form>
    </Modal>
  )
}
