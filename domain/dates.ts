// UTC: a date-only value ('1990-04-12') is midnight UTC, and the server's and the browser's
// renderings of a timestamp must agree, whatever either machine's time zone. One formatter for
// every call: toLocaleDateString builds a new one each time, which on a list of 1,000 users cost
// more than rendering it.
const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' })

/** Dates in en-US numeric form (administration document §9), or null for none or an invalid one. */
export function formatDate(value: string | null | undefined) {
  if (!value) return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return dateFormat.format(date)
}
