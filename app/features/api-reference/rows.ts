/** The parts of an OpenAPI 3.1 document the reference page lists. */
export interface OpenApiDocument {
  info?: { title?: string; version?: string }
  paths?: Record<string, Record<string, { summary?: string; parameters?: { name: string; in: string; required?: boolean }[]; requestBody?: unknown }>>
}

export interface ReferenceRow {
  method: string
  path: string
  summary: string
  /** Path and query parameters by name, path ones first. */
  parameters: string[]
  takesBody: boolean
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** Every operation of the document as a row: by path, then in the order GET, POST, PUT, PATCH, DELETE. */
export function referenceRows(document: OpenApiDocument): ReferenceRow[] {
  return Object.entries(document.paths ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, operations]) =>
      METHODS.filter((method) => operations[method]).map((method) => {
        const operation = operations[method]!
        const parameters = [...(operation.parameters ?? [])].sort((a, b) => Number(b.in === 'path') - Number(a.in === 'path')).map((parameter) => (parameter.in === 'path' ? `{${parameter.name}}` : parameter.name))
        return { method: method.toUpperCase(), path, summary: operation.summary ?? '', parameters, takesBody: operation.requestBody !== undefined }
      }),
    )
}

/** What a call takes, as the page says it: its path parameters, its query parameters, and whether a JSON body. */
export interface Takes {
  path: string[]
  query: string[]
  body: boolean
}

/** A row's parameters told apart: path ones (written `{id}`) by their bare name, then the query's. */
export function takesOf(row: ReferenceRow): Takes {
  const path = row.parameters.filter((name) => name.startsWith('{')).map((name) => name.slice(1, -1))
  const query = row.parameters.filter((name) => !name.startsWith('{'))
  return { path, query, body: row.takesBody }
}
