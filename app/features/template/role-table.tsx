import type { MouseEvent } from 'react'
import { UNAVAILABLE_CLUSTER } from '#domain/planning/messages'
import type { Ref } from '#domain/contracts/common'
import { ClusterDescription } from '#app/components/template-description'
import { useHydrated } from '#app/lib/hydrated'
import { EMPTY_ITEM, field, type ClusterOption, type Draft, type ItemDraft, type RoleRows } from './form'

interface RoleTableProps {
  role: RoleRows
  draft: Draft
  entities: Ref[]
  clusters: ClusterOption[]
  onChange: (key: string, patch: Partial<ItemDraft>) => void
  /** Select Interchanges with JavaScript; without it the button posts `open:{key}`. */
  onOpen: (key: string, item: ItemDraft) => void
}

/**
 * One role's rows: People Required, Interchange and its saved interchanges, which ride along as
 * hidden fields of the page form until Save Template.
 */
export function RoleTable({ role, draft, entities, clusters, onChange, onOpen }: RoleTableProps) {
  const hydrated = useHydrated()
  const entityName = (id: string) => entities.find((row) => row._id === id)?.name ?? id
  const clusterName = (id: string) => clusters.find((row) => row._id === id)?.name ?? UNAVAILABLE_CLUSTER
  return (
    <section className="template-role" aria-labelledby={`role-${role.roleId}`}>
      <h2 id={`role-${role.roleId}`}>{role.roleName}</h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Cluster</th>
            <th scope="col">People Required</th>
            <th scope="col">Interchange</th>
            <th scope="col">
              <span className="visually-hidden">Interchanges</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {role.rows.map((row) => {
            const item = draft[row.key] ?? EMPTY_ITEM
            return (
              <tr key={row.key} className="template-row">
                <th scope="row">
                  <input type="hidden" name={field.key(row.index)} value={row.key} />
                  <ClusterDescription ids={row.clusterIds} label={row.label} items={row.descriptions} />
                </th>
                <td data-label="People Required">
                  <input
                    type="number"
                    name={field.planned(row.index)}
                    min={0}
                    step={1}
                    inputMode="numeric"
                    aria-label="People Required"
                    className="people-input"
                    value={item.planned}
                    onChange={(event) => onChange(row.key, { planned: event.target.value })}
                  />
                </td>
                <td data-label="Interchange">
                  <input
                    type="checkbox"
                    name={field.interchange(row.index)}
                    aria-label="Interchange"
                    className="interchange-toggle"
                    checked={item.interchange}
                    onChange={(event) => onChange(row.key, { interchange: event.target.checked })}
                  />
                </td>
                <td>
                  {item.interchanges.map((ic, at) => (
                    <span key={at} hidden>
                      <input type="hidden" name={field.people(row.index, at)} value={ic.people} />
                      <input type="hidden" name={field.entity(row.index, at)} value={ic.entityId} />
                      <input type="hidden" name={field.cluster(row.index, at)} value={ic.clusterId} />
                    </span>
                  ))}
                  <button
                    type="submit"
                    name="intent"
                    value={`open:${row.key}`}
                    formNoValidate
                    className="button secondary select-interchanges"
                    // Without JavaScript the server opens the dialog only while Interchange is ticked.
                    disabled={hydrated && !item.interchange}
                    onClick={(event: MouseEvent<HTMLButtonElement>) => {
                      event.preventDefault()
                      onOpen(row.key, item)
                    }}
                  >
                    Select Interchanges
                  </button>
                  {item.interchange && item.interchanges.length ? (
                    <ul className="plain-list muted-text interchange-summary">
                      {item.interchanges.map((ic, at) => (
                        <li key={at}>
                          {ic.people} from {entityName(ic.entityId)} / {clusterName(ic.clusterId)}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
