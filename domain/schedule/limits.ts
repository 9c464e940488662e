/**
 * Bounds the browser's forms show (maxLength, max) beside the schemas that enforce them. Apart from
 * domain/schedule/schemas.ts on purpose: a screen that needs only the number must not build every
 * schema of that module, which the browser does at import, before the page can respond.
 */
export const LEAVE_NOTE_MAX = 200
export const LEAD_MONTHS_MAX = 24
