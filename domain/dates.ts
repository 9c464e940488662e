/**
 * Dates in en-US numeric form (administration document §9: 4/12/1990), or null for none or an
 * invalid one. In UTC: a date-only value ('1990-04-12') is midnight UTC, and the server's and the
 * browser's renderings of a timestamp must agree, whatever either machine's time zone.
 *
 * Written out rather than asked of Intl.DateTimeFormat, which gives the same text
 * (tests/unit/dates.test.ts): building that formatter loads the browser's locale data, a long task
 * of its own on a phone before a page with a date in it can respond.
 */
export function formatDate(value: string | null | undefined) {
  if (!value) return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`
}
