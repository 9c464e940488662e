/** What the unit tests of the screens' forms post: a form as a browser sends it, and ids to fill it with. */

/** The n-th made-up id: a valid UUID, and different for each n. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** A posted form with these fields, in this order (a name may repeat). */
export function postedForm(entries: [string, string][] | Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Array.isArray(entries) ? entries : Object.entries(entries)) data.append(name, value)
  return data
}
