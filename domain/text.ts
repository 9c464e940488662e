
// PostgreSQL text and jsonb hold neither NUL nor half a UTF-16 surrogate pair: refused as input,
// else the insert or the query fails with a 500.
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Text the database can hold: no NUL, no lone surrogate. */
export const isStorable = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value)

// White space and what shows nothing: zero-width spaces and joiners, the byte-order mark, Hangul
// fillers, the blank Braille cell. At a name's ends they are dropped; a name of nothing else is empty.
const INVISIBLE_EDGES = /^[\s\p{Default_Ignorable_Code_Point}\u2800]+|[\s\p{Default_Ignorable_Code_Point}\u2800]+$/gu
const INVISIBLE_START = /^[\s\p{Default_Ignorable_Code_Point}\u2800]+/u
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu
// C0, DEL and C1 controls, and the bidirectional embeddings, overrides and isolates that make a
// name read otherwise than it is stored.
export const CONTROL = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u
const CONTROLS = new RegExp(CONTROL.source, 'gu')
// What a decoder puts for bytes that are not UTF-8 (Fastify and React Router both decode so).
export const UNREADABLE = '\ufffd'

/** Text without control characters or bidirectional overrides: what names are, and leave notes: such characters can hide or reorder what a reader sees. */
export const isReadable = (value: string) => !CONTROL.test(value)

/**
 * Stored text as a screen or a spreadsheet shows it: each control character or bidirectional
 * override a replacement character, so text kept before the rule (a name with a newline, or U+202E
 * turning what follows it around) can neither break a line nor reorder the text beside it.
 */
export const shownText = (value: string) => value.replace(CONTROLS, UNREADABLE)

/**
 * Whether a spreadsheet could read the text as a formula: its first visible character is =, +, - or
 * @ (or the minus sign), full-width and small forms (＝, ﹢, －, ＠) included, which NFKC folds to
 * them. White space and invisible characters before it are looked past: they show nothing, and
 * some applications drop them before they parse.
 */
export function startsLikeFormula(value: string) {
  const [first] = value.replace(INVISIBLE_START, '')
  return first !== undefined && /^[=+\-@\u2212]/.test(first.normalize('NFKC'))
}

/** Text compared as it reads: compatibility forms folded, invisible characters gone, lower case. */
export const readsAs = (value: string) => value.normalize('NFKC').replace(INVISIBLE, '').toLowerCase()

/** A name as it is kept: without invisible characters at either end, NFC-normalised. */
export const tidyName = (value: string) => value.replace(INVISIBLE_EDGES, '').normalize('NFC')
