import { useFetcher } from 'react-router'
import type { TimelineRow } from '#domain/contracts/projects'
import { FormMessage } from '#app/components/forms'
import { shownDate } from '#app/lib/display'
import { CREATED_MARK, pagePath, type Choice, type SaveAnswer } from './form'

function ClusterCell({ row }: { row: TimelineRow }) {
  return (
    <th scope="row">
      {row.clusterName}
      {row.default === CREATED_MARK ? <span className="badge timeline-created">{CREATED_MARK}</span> : null}
    </th>
  )
}

export function ReadOnlyRow({ row }: { row: TimelineRow }) {
  return (
    <tr>
      <ClusterCell row={row} />
      <td>{shownDate(row.startDate)}</td>
      <td>{shownDate(row.endDate)}</td>
    </tr>
  )
}

/**
 * A Site cluster: its own small form, so each row saves alone and works without JavaScript. A
 * form cannot wrap a table row, so it sits in the Save cell and the date inputs join it through
 * their `form` attribute. With JavaScript it posts through a fetcher and the page stays as it is.
 */
export function EditableRow({ row, answer, choice }: { row: TimelineRow; answer: SaveAnswer | null; choice: Choice }) {
  const fetcher = useFetcher<SaveAnswer>({ key: `timeline-${row.clusterId}` })
  const result = fetcher.data ?? answer
  const formId = `timeline-${row.clusterId}`
  const typed = result?.typed ?? null
  const start = typed ? typed.startDate : (row.startDate ?? '')
  const end = typed ? typed.endDate : (row.endDate ?? '')
  return (
    <>
      <tr>
        <ClusterCell row={row} />
        <td>
          {/* A new saved date (or a refused save's answer) starts the input afresh; otherwise what is typed stays. */}
          <input key={`${row.startDate}-${start}`} type="date" name="startDate" form={formId} aria-label="Start date" defaultValue={start} />
        </td>
        <td>
          <input key={`${row.endDate}-${end}`} type="date" name="endDate" form={formId} aria-label="End date" defaultValue={end} />
        </td>
        <td className="cell-actions">
          <fetcher.Form method="post" action={pagePath(choice)} id={formId} preventScrollReset>
            <input type="hidden" name="projectId" value={choice.projectId} />
            <input type="hidden" name="categoryId" value={choice.categoryId} />
            <input type="hidden" name="entityId" value={choice.entityTypeId} />
            <input type="hidden" name="clusterId" value={row.clusterId} />
            <button type="submit" className="button secondary" disabled={fetcher.state !== 'idle'}>
              Save
            </button>
          </fetcher.Form>
        </td>
      </tr>
      {result ? (
        <tr className="timeline-message">
          <td colSpan={4}>
            <FormMessage tone={result.tone}>
              {result.message}
            </FormMessage>
          </td>
        </tr>
      ) : null}
    </>
  )
}
