import { listOr, type ApiResult } from './api/http.server'

/** One level of a chain of choices: the id asked for, and how its list loads. */
export interface Level<Row> {
  wanted: string
  load: () => Promise<ApiResult<Row[]>>
}
export interface Resolved<Row> {
  list: Row[]
  chosen: Row | null
}

/**
 * A chain of dependent choices (category → entity → planning type, project → category → …): every
 * list whose parents were asked for loads at once, and a choice counts only when it is in its list
 * and the choice before it counted; after a dropped choice the lists are empty. So changing the
 * category resets the entity and the type, and an id of another category counts as no choice.
 * A failed load is an empty list (spec/administration-planning.md §8). Ids compare in lower case, as the
 * API stores them.
 */
export async function resolveCascade<const Rows extends readonly { _id: string }[]>(levels: { [K in keyof Rows]: Level<Rows[K]> }): Promise<{
  [K in keyof Rows]: Resolved<Rows[K]>
}> {
  const all = levels as readonly Level<{ _id: string }>[]
  const loads = all.map((level, index) => (all.slice(0, index).every((before) => before.wanted) ? level.load() : null))
  const results = await Promise.all(loads)
  const resolved: Resolved<{ _id: string }>[] = []
  let parentChosen = true
  for (const [index, level] of all.entries()) {
    const result = results[index]
    const list: { _id: string }[] = parentChosen ? listOr(result) : []
    const chosen: { _id: string } | null = list.find((row) => row._id === level.wanted.toLowerCase()) ?? null
    resolved.push({ list, chosen })
    parentChosen = chosen !== null
  }
  return resolved as { [K in keyof Rows]: Resolved<Rows[K]> }
}
