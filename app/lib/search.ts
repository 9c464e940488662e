/**
 * Addresses of the screens' GET choices. An empty value is a choice not made (it asks for
 * everything), so it is left out of the address rather than sent empty. Client-safe.
 */
export type SearchValues = Record<string, string | null | undefined>

/** The given values as search parameters, the empty ones left out. */
export const searchOf = (values: SearchValues) => new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])))

/** `path` with those parameters, or the bare path when none is left. */
export function hrefOf(path: string, values: SearchValues | URLSearchParams) {
  const query = (values instanceof URLSearchParams ? values : searchOf(values)).toString()
  return query ? `${path}?${query}` : path
}
