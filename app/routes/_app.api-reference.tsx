import { Fragment } from 'react'
import { PRODUCT_NAME } from '#domain/constants'
import { RouteErrorBoundary } from '#app/components/route-error'
import { getApiDescription } from '#app/lib/api/audit.server'
import { requireAdmin } from '#app/lib/session.server'
import { referenceRows, takesOf, type ReferenceRow } from '#app/features/api-reference/rows'
import type { Route } from './+types/_app.api-reference'

export const meta: Route.MetaFunction = () => [{ title: `API reference · ${PRODUCT_NAME}` }]

/**
 * The API as the company's other systems read it (GET /api/openapi.json), listed for administrators:
 * every call with what it does. Rendered on the server, so it reads the same without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const described = await getApiDescription(args)
  if (!described.ok) return { rows: [], failed: described.error.message }
  return { rows: referenceRows(described.data), failed: null }
}

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const { rows, failed } = loaderData
  return (
    <div className="stack">
      <header className="page-head">
        <div>
          <h1>API reference</h1>
          <p className="subtitle">
            Every call of the API. The whole description, with what each call takes and answers, is the OpenAPI document the API serves at <code>/api/openapi.json</code>.
          </p>
        </div>
      </header>
      <section className="card">
        {failed ? (
          <p className="empty" role="alert">
            {failed}
          </p>
        ) : (
          <table className="table stacked-table api-reference">
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Path</th>
                <th scope="col">What it does</th>
                <th scope="col">Takes</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.method} ${row.path}`}>
                  <td data-label="Method">
                    <code>{row.method}</code>
                  </td>
                  <td data-label="Path">
                    <code>{breakable(row.path)}</code>
                  </td>
                  <td data-label="What it does">{row.summary}</td>
                  <td data-label="Takes">
                    <Takes row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  )
}

/** Path parameters, query parameters and a JSON body, each on a line of its own; "No parameters" for a call that takes none. */
function Takes({ row }: { row: ReferenceRow }) {
  const { path, query, body } = takesOf(row)
  const parts = [...(path.length ? [['Path', path] as const] : []), ...(query.length ? [['Query', query] as const] : [])]
  if (!parts.length && !body) return <span className="muted-text">No parameters</span>
  return (
    <dl className="api-takes">
      {parts.map(([kind, names]) => (
        <div key={kind}>
          <dt>{kind}</dt>
          <dd>
            {names.map((name, index) => (
              <span key={name}>
                {index > 0 ? ', ' : null}
                <code>{name}</code>
              </span>
            ))}
          </dd>
        </div>
      ))}
      {body ? (
        <div>
          <dt>Body</dt>
          <dd>JSON</dd>
        </div>
      ) : null}
    </dl>
  )
}

/** A path that may break after a slash on a phone rather than inside a word: `/api/projects/{id}/` then `mapping`. */
const breakable = (path: string) =>
  path.split('/').map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? (
        <>
          /<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ))

export { RouteErrorBoundary as ErrorBoundary }
