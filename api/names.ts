import { sql } from 'drizzle-orm'
import { rectifyConfusion } from 'unicode-confusables'
import type { Executor } from '#api/db/client'

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu

/**
 * A name's keys: its skeleton (Unicode's confusables, UTS #39, which map look-alikes such as Greek
 * `Α` and Cyrillic `А` to Latin `A`) as written, in lower case and in upper case, after compatibility
 * forms (full-width, ligatures, mathematical letters) are folded and invisible characters dropped.
 * Skeletons are case-sensitive and look-alikes differ by case (Cyrillic `М` looks like `M`, `м` not
 * like `m`; `I` looks like `l`, `i` does not), so names are one when a key of the same kind matches:
 * never across cases, which would make `MAIL` (its `I` read as `l`) and `MALL` one.
 */
export function nameKeys(name: string): readonly string[] {
  const folded = name.normalize('NFKC').replace(INVISIBLE, '')
  const skeleton = (text: string) => rectifyConfusion(text.normalize('NFD')).normalize('NFD')
  return [skeleton(folded), skeleton(folded.toLowerCase()), skeleton(folded.toUpperCase())]
}

/** Whether two names are one: `Admin`, `ADMIN`, `Αdmin`, `Аdmin`, `Ad\u200bmin` and `Ａdmin` are. */
export const sameName = (a: string, b: string) => keysMatch(nameKeys(a), nameKeys(b))
const keysMatch = (a: readonly string[], b: readonly string[]) => a.some((key, kind) => key === b[kind])

// The two-number form of the advisory lock, apart from the one-number locks of sign-ups and migrations.
const NAME_LOCK_BASE = 7_406_213
/** The kinds of names kept apart, each with its own lock. */
const LOCKS = { role: 1, category: 2, entity: 3, project: 4, cluster: 5, planningType: 6 } as const

/**
 * Whether `name` is free: no name of `taken` (its scope, read after the lock) but the row being
 * renamed is the same name (sameName). Call it inside the transaction that writes the name: the lock on the
 * kind, held to its end, keeps two look-alike names sent at once from both passing. The unique
 * indexes on lower(name) stay as the database's own guard.
 */
export async function nameIsFree(
  tx: Executor,
  kind: keyof typeof LOCKS,
  name: string,
  taken: () => Promise<{ id: string; name: string | null }[]>,
  exceptId?: string,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(${NAME_LOCK_BASE}, ${LOCKS[kind]})`)
  const keys = nameKeys(name)
  return !(await taken()).some((row) => row.id !== exceptId && row.name !== null && keysMatch(nameKeys(row.name), keys))
}
