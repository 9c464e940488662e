import { formatDate } from '#domain/dates'

/** What a detail shows when the value is missing (the spec's words). */
export const NOT_PROVIDED = 'Not provided'

/** A value as a detail shows it: itself, or 'Not provided' when there is none. */
export const shown = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? NOT_PROVIDED : String(value))

/** A date as a detail shows it: en-US numeric, or 'Not provided' when there is none. */
export const shownDate = (value: string | null | undefined) => formatDate(value) ?? NOT_PROVIDED
