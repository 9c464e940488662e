/**
 * Bounds the browser's forms show (maxLength, max) beside the schemas that enforce them. Apart from
 * domain/schedule/schemas.ts on purpose: a screen that needs only the number must not build every
 * schema of that module, which the browser does at import, before the page can respond.
 */
export const LEAVE_NOTE_MAX = 200
export const LEAD_MONTHS_MAX = 24

/**
 * The most clashes one assignment names: one person's leave can be thousands of days, each a clash
 * with the assignment it meets, and a card naming them all would be megabytes. The rest are counted.
 */
export const CONFLICTS_LISTED = 3

/** Hire-by dates within this many days, today included, are "due" (capacity.ts): the Attention strip says so. */
export const DUE_DAYS = 30

/** The conflicts the Attention strip counts: those starting within the first window, and within the second (attention.ts). */
export const CONFLICT_WINDOWS = [30, 90] as const
