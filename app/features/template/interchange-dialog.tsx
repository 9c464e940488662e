import { useState, type KeyboardEvent, type MouseEvent } from 'react'
import { canAddInterchange, direct, interchangeProblem, totalInterchange } from '#domain/planning/interchanges'
import { planningMessages } from '#domain/planning/messages'
import type { Ref } from '#domain/contracts/common'
import { FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { useHydrated } from '#app/lib/hydrated'
import { asInterchangeRows, dialogField, emptyInterchange, type ClusterOption, type InterchangeDraft } from './form'

interface InterchangeDialogProps {
  /** The page row the dialog edits (posted along without JavaScript). */
  rowKey: string
  /** The cluster (or group) label the interchanges are for. */
  clusterLabel: string
  roleName: string
  plannedPeople: number
  initialInterchanges: InterchangeDraft[]
  /** Entities of the template's category, and their clusters. */
  entities: Ref[]
  clusters: ClusterOption[]
  /** A refusal the server answered (JavaScript off). */
  message?: string | null
  onCancel: () => void
  onSave: (rows: InterchangeDraft[]) => void
}

/**
 * Manage Interchanges (spec/administration-planning.md §2, 700 px). With JavaScript it works in the page and hands the rows to
 * `onSave`; without it every button is a submit of the page form (so nothing typed is lost) and
 * the server renders the dialog again: the entity's "Show clusters" button, Add, Remove, Cancel
 * and Save each post an intent. The rules are the domain's, word for word (spec/administration-planning.md §5).
 */
export function InterchangeDialog({ rowKey, clusterLabel, roleName, plannedPeople, initialInterchanges, entities, clusters, message, onCancel, onSave }: InterchangeDialogProps) {
  const hydrated = useHydrated()
  const [rows, setRows] = useState(() => (initialInterchanges.length ? initialInterchanges : [emptyInterchange()]))
  const [problem, setProblem] = useState<string | null>(message ?? null)
  const checked = asInterchangeRows(rows)
  const overPlanned = totalInterchange(checked) > plannedPeople
  const shownProblem = overPlanned ? planningMessages.interchangeExceedsPlanned : problem

  const change = (index: number, patch: Partial<InterchangeDraft>) => {
    setProblem(null)
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)))
  }
  /** With JavaScript the buttons act here; without it they submit the page form. */
  const inPage = (act: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault()
    act()
  }
  // Enter in a field would submit the page form: with JavaScript the dialog's own buttons decide.
  const keepEnter = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault()
  }

  return (
    <Modal title="Manage Interchanges" width={700} onClose={onCancel}>
      <div className="interchange-dialog" onKeyDown={keepEnter}>
        <input type="hidden" name={dialogField.key} value={rowKey} />
        <p className="help">
          {roleName} · {clusterLabel}
        </p>
        <div className="interchange-direct">
          <label htmlFor="interchange-direct">Direct</label>
          <input id="interchange-direct" type="number" value={direct(plannedPeople, checked)} readOnly aria-describedby="interchange-planned" />
          <span id="interchange-planned">(Planned: {plannedPeople})</span>
        </div>
        <table className="table interchange-rows">
          <thead>
            <tr>
              <th scope="col">Interchange People</th>
              <th scope="col">Entity</th>
              <th scope="col">Cluster</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const n = index + 1
              const options = clusters.filter((cluster) => cluster.entityId === row.entityId)
              return (
                <tr key={index}>
                  <td>
                    <input
                      type="number"
                      name={dialogField.people(index)}
                      min={1}
                      step={1}
                      inputMode="numeric"
                      aria-label={`Interchange people ${n}`}
                      value={row.people}
                      onChange={(event) => change(index, { people: event.target.value })}
                    />
                  </td>
                  <td>
                    <div className="inline-choice">
                      <select
                        name={dialogField.entity(index)}
                        aria-label={`Entity ${n}`}
                        value={row.entityId}
                        onChange={(event) => change(index, { entityId: event.target.value, clusterId: '' })}
                      >
                        <option value="">-- Entity --</option>
                        {entities.map((entity) => (
                          <option key={entity._id} value={entity._id}>
                            {entity.name}
                          </option>
                        ))}
                      </select>
                      {hydrated ? null : (
                        <button type="submit" name="intent" value="dialog-refresh" formNoValidate className="button secondary" aria-label={`Show clusters ${n}`}>
                          Show clusters
                        </button>
                      )}
                    </div>
                  </td>
                  <td>
                    <select
                      name={dialogField.cluster(index)}
                      aria-label={`Cluster ${n}`}
                      value={row.clusterId}
                      disabled={!row.entityId}
                      onChange={(event) => change(index, { clusterId: event.target.value })}
                    >
                      <option value="">-- Cluster --</option>
                      {options.map((cluster) => (
                        <option key={cluster._id} value={cluster._id}>
                          {cluster.name}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="cell-actions">
                    {rows.length > 1 ? (
                      <button
                        type="submit"
                        name="intent"
                        value={`dialog-remove:${index}`}
                        formNoValidate
                        className="button ghost"
                        aria-label={`Remove interchange ${n}`}
                        onClick={inPage(() => {
                          setProblem(null)
                          setRows((current) => current.filter((_, at) => at !== index))
                        })}
                      >
                        Remove
                      </button>
                    ) : null}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
        <button
          type="submit"
          name="intent"
          value="dialog-add"
          formNoValidate
          className="button secondary"
          disabled={!canAddInterchange(plannedPeople, checked)}
          onClick={inPage(() => setRows((current) => [...current, emptyInterchange()]))}
        >
          Add Interchange
        </button>
        <FormMessage tone="error">{shownProblem}</FormMessage>
        <div className="actions">
          <button type="submit" name="intent" value="dialog-cancel" formNoValidate className="button secondary" onClick={inPage(onCancel)}>
            Cancel
          </button>
          <button
            type="submit"
            name="intent"
            value="dialog-save"
            className="button primary"
            // Without JavaScript the total is checked by the server, which answers the same message.
            disabled={hydrated && overPlanned}
            onClick={inPage(() => {
              const refusal = interchangeProblem(plannedPeople, checked)
              if (refusal) setProblem(refusal)
              else onSave(rows)
            })}
          >
            Save
          </button>
        </div>
      </div>
    </Modal>
  )
}
