import { Link } from 'react-router'
import { planningHref, type PlanningRow, type Selection } from './form'

/** One row per role; a planning type's own cells span its roles' rows. */
export function SavedTypes({ plannings, canEdit, selection }: { plannings: PlanningRow[]; canEdit: boolean; selection: Selection }) {
  return (
    <section className="card" aria-labelledby="saved-types-title">
      <h2 id="saved-types-title">Saved Planning Types</h2>
      <div className="table-scroll">
        <table className="table planning-table">
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">Entity</th>
              <th scope="col">Type Names</th>
              <th scope="col">Roles</th>
              <th scope="col">Clusters</th>
              <th scope="col">Group</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          {plannings.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={7} className="empty">
                  No planning types yet.
                </td>
              </tr>
            </tbody>
          ) : (
            plannings.map((planning) => (
              <tbody key={planning._id} aria-label={planning.typeName}>
                {(planning.roles.length ? planning.roles : [null]).map((role, index) => {
                  const span = Math.max(planning.roles.length, 1)
                  return (
                    <tr key={role?._id ?? 'none'}>
                      {index === 0 ? (
                        <>
                          <td rowSpan={span}>{planning.category}</td>
                          <td rowSpan={span}>{planning.entity}</td>
                          <td rowSpan={span}>{planning.typeName}</td>
                        </>
                      ) : null}
                      <td>{role?.name}</td>
                      <td>
                        {role?.clusters.map((label, at) => (
                          <span key={at} className="badge">
                            {label}
                          </span>
                        ))}
                      </td>
                      <td>
                        {role && canEdit ? (
                          <Link
                            to={planningHref(selection, { dialog: 'group', planningId: planning._id, roleId: role._id })}
                            className="button ghost"
                          >
                            Group clusters
                          </Link>
                        ) : null}
                      </td>
                      {index === 0 ? <td rowSpan={span}>{planning.created}</td> : null}
                    </tr>
                  )
                })}
              </tbody>
            ))
          )}
        </table>
      </div>
    </section>
  )
}
