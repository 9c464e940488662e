import type { Executor } from '#api/db/client'
import { apiEnv } from '#api/env'
import { readRevisions, type Revisions } from './revision'

/**
 * The one way an API process keeps an answer between requests. Every kept value passes through
 * here, so three rules hold for all of them in one place:
 *
 * - **Read-only.** A kept value is shared by every request; in tests (NODE_ENV=test) it is frozen
 *   deeply as it is kept, so a route that wrote into one fails its tests.
 * - **What invalidates it** is said once, in `keptAnswers` below: the database's revisions it
 *   watches (raised by the triggers of ./changes.sql, so a change made by any process, or by hand in
 *   SQL, is seen by the next request everywhere: nothing another process needs lives only here,
 *   DESIGN §3), or the kept value it was computed from (a new one after any change).
 * - **One eviction rule:** a holder (a database's latest revisions, or the kept value an answer was
 *   computed from) keeps at most `KEYS_KEPT` keys (fewer where `keptAnswers` says), the oldest going
 *   first; a holder goes when newer revisions replace it or nothing holds it any more (a WeakMap).
 */

/**
 * The database's counters an answer kept under them watches: the plans, leave, people, or several.
 * Each is counted apart, so a leave write leaves every answer over the plans alone kept, and a
 * person joining only what lists people.
 */
export type Watched = readonly (keyof Revisions)[]

interface KeptAnswer {
  /** What makes it computed again: a change to what the revisions count, or a new value of what it is kept with. */
  invalidatedBy: { revisions: Watched } | { keptWith: string }
  /** What tells its values apart besides (several are kept at once, up to KEYS_KEPT). */
  keyedBy: string
  /** What it reads again after a change rather than all of it, if anything. */
  afterAChange: string
  /** How many keys a holder keeps of it, when not KEYS_KEPT: fewer for a large value. */
  keysKept?: number
}

/** Every answer kept between requests, what invalidates each, and what each reads again after a change. */
export const keptAnswers = {
  plans: {
    invalidatedBy: { revisions: ['plans'] },
    keyedBy: 'nothing',
    afterAChange: "the plans of the projects changes.sql noted since (only the tags of those whose tags alone moved); the roles, one small table, whole",
  },
  assignments: { invalidatedBy: { revisions: ['plans'] }, keyedBy: 'nothing', afterAChange: "the people of the projects whose parts moved, grouped again; everyone else's list kept" },
  leave: { invalidatedBy: { revisions: ['leave'] }, keyedBy: 'nothing', afterAChange: 'all of it (one query)' },
  conflicts: {
    invalidatedBy: { revisions: ['plans', 'leave'] },
    keyedBy: 'nothing',
    afterAChange: 'the conflicts of the people whose assignments moved, as the grouping names them (after a leave write, of those whose leave or assignments moved)',
  },
  handOvers: { invalidatedBy: { revisions: ['plans'] }, keyedBy: 'nothing', afterAChange: 'all of them, from the kept assignments' },
  planFigures: { invalidatedBy: { revisions: ['plans'] }, keyedBy: 'the day', afterAChange: 'the sums of each project’s kept figures; the queue from each project’s kept lines' },
  figuresOfPart: { invalidatedBy: { keptWith: "a project's part of every plan" }, keyedBy: 'nothing', afterAChange: "the moved projects' totals and undated requirement" },
  dashboard: {
    invalidatedBy: { revisions: ['plans', 'leave'] },
    keyedBy: 'the day',
    afterAChange: 'from the kept figures and conflicts; the split of the conflicts and their counts kept when the conflicts are the very ones',
  },
  queueLines: { invalidatedBy: { keptWith: "a project's part of every plan" }, keyedBy: "the day and the roles' names and lead times", afterAChange: "the moved projects' lines" },
  queue: {
    invalidatedBy: { keptWith: 'the reading of every plan' },
    keyedBy: "the day and the roles' names and lead times",
    afterAChange: "the moved projects' lines put in place among the others, kept in their order",
  },
  demand: {
    invalidatedBy: { keptWith: 'the reading of every plan' },
    keyedBy: 'the day, the window and the lead times',
    afterAChange: "the moved projects' lines put in place among the others, kept in their order (each project's as kept with its part)",
  },
  roster: { invalidatedBy: { revisions: ['people'] }, keyedBy: 'nothing', afterAChange: 'all of it (one query)' },
  scheduleRows: {
    invalidatedBy: { revisions: ['plans', 'leave', 'people'] },
    keyedBy: "the day and the Schedule's query but its page",
    afterAChange:
      "the rows of the people whose assignments moved (as the grouping names them), put in place in their groups; after other changes, a person's rows kept while their assignments, leave and conflicts are the very ones (no query)",
    // A query's rows hold everyone it lists (10,000 people at ten times the large dataset): a few queries' worth.
    keysKept: 8,
  },
  conflictsOrder: {
    invalidatedBy: { revisions: ['plans', 'leave', 'people'] },
    keyedBy: 'the day',
    afterAChange: 'nothing when the split of the conflicts is the very one and nobody was renamed (one query, the revisions); else all of it: the names of everyone in conflict (one query) and their order',
  },
  demandOfPart: { invalidatedBy: { keptWith: "a project's part of every plan" }, keyedBy: 'the day, the window and the lead times', afterAChange: "the moved projects' lines" },
  capacityOfPart: { invalidatedBy: { keptWith: "a project's part of every plan" }, keyedBy: 'the months', afterAChange: "the moved projects' counts" },
  capacity: { invalidatedBy: { keptWith: 'the reading of every plan' }, keyedBy: 'the months', afterAChange: "the kept sum, the moved projects' old counts taken out and new ones put in" },
  capacityGrid: { invalidatedBy: { keptWith: 'the reading of the plans and roles' }, keyedBy: 'the months, the project and the role', afterAChange: 'written again from the kept counts' },
  chosenQueue: { invalidatedBy: { keptWith: 'the reading of the plans and roles' }, keyedBy: 'the day, the project and the role', afterAChange: 'the kept queue filtered, its late lines counted' },
  // GET /api/capacity's and GET /api/hire-queue's JSON: a megabyte each at ten times the large dataset unfiltered, so a few choices' worth.
  capacityAnswer: { invalidatedBy: { keptWith: 'the reading of the plans and roles' }, keyedBy: 'the day, the months, the project and the role', afterAChange: "the kept grid's and lines' texts, joined", keysKept: 8 },
  hireQueueAnswer: { invalidatedBy: { keptWith: 'the reading of the plans and roles' }, keyedBy: 'the day, the project and the role', afterAChange: "the kept lines' texts, joined", keysKept: 8 },
  text: { invalidatedBy: { keptWith: 'the kept value it is the JSON of' }, keyedBy: 'nothing', afterAChange: 'the texts of the new values alone' },
} as const satisfies Record<string, KeptAnswer>

export type KeptAnswerName = keyof typeof keptAnswers
type Named<Kind> = { [Name in KeptAnswerName]: (typeof keptAnswers)[Name]['invalidatedBy'] extends Kind ? Name : never }[KeptAnswerName]

/** How many keys a holder keeps: a planner's few days, windows and zooms. */
export const KEYS_KEPT = 32

/** Keeps `value` under `key`, the oldest key going first once `limit` are kept. */
function keep<V>(values: Map<string, V>, key: string, value: V, limit: number) {
  if (values.size >= limit) values.delete(values.keys().next().value!)
  values.set(key, value)
}
const limitOf = (name: KeptAnswerName) => (keptAnswers[name] as KeptAnswer).keysKept ?? KEYS_KEPT

/** Frozen in tests: a kept value is shared by every request, so writing into one is a bug the tests should see. */
const FREEZE = apiEnv().NODE_ENV === 'test'
const kept = <T>(value: T): T => (FREEZE ? freezeDeep(value) : value)

/** Freezes a value and all it holds; a Map or Set refuses set, add, delete and clear (Object.freeze alone would not stop them). */
export function freezeDeep<T>(value: T, seen = new WeakSet<object>()): T {
  if (value === null || typeof value !== 'object' || seen.has(value) || Object.isFrozen(value)) return value
  seen.add(value)
  if (value instanceof Map || value instanceof Set) {
    for (const method of ['set', 'add', 'delete', 'clear'])
      Object.defineProperty(value, method, {
        value: () => {
          throw new TypeError('A kept reading is read-only: copy it before changing it.')
        },
      })
    for (const entry of value instanceof Map ? [...value.keys(), ...value.values()] : value) freezeDeep(entry, seen)
  } else for (const entry of Object.values(value)) freezeDeep(entry, seen)
  return Object.freeze(value)
}

const countersOf = (revisions: Revisions, watched: Watched) => watched.map((counter) => revisions[counter])

/** What a kept computation had computed at the revisions before: the latest it finished, for reading only what moved since. */
export interface Before<T> {
  revision: number[]
  value: T
}

/**
 * An answer kept while the revisions `keptAnswers[name]` watches stay the same: each request pays
 * one query to learn them, and the whole computation only after a change. Each process keeps its
 * own, checked against the database on every call. The revisions are read before the data, so what
 * is kept under them is never older than they are.
 *
 * After a change, `compute` is handed what it computed last (`before`, with the revisions it was
 * computed at), so it can read and compute only what moved since; it is left out when there is
 * none, or when this request read older revisions than those kept.
 *
 * `key` tells apart computations that depend on more than the data (today's date, for one); only
 * the latest revisions' results are kept, per database.
 */
export function keptWhileUnchanged<T>(name: Named<{ revisions: Watched }>, compute: (db: Executor, key: string, before: Before<T> | undefined, revisions: Revisions) => Promise<T>) {
  const watched = keptAnswers[name].invalidatedBy.revisions
  const limit = limitOf(name)
  const computed = async (db: Executor, key: string, revisions: Revisions, before?: Before<T>) => kept(await compute(db, key, before, revisions))
  const held = new WeakMap<Executor, { revision: number[]; values: Map<string, Promise<T>> }>()
  // The latest finished computation alone (one key's), so nothing older is held on to.
  const finished = new WeakMap<Executor, Before<T> & { key: string }>()
  /**
   * `known`: the revisions a kept answer computing from this one read just before (handed on as
   * `compute`'s last argument), so one reading after a change reads them once, not once per
   * answer it is made of. They were read before any of the data, as the rule above asks.
   */
  return async (db: Executor, key = '', known?: Revisions): Promise<T> => {
    const revisions = known ?? (await readRevisions(db))
    const revision = countersOf(revisions, watched)
    let entry = held.get(db)
    // A request that read an older revision than one already kept (it raced a newer one) computes its own.
    if (entry && revision.some((count, at) => count < entry!.revision[at]!)) return computed(db, key, revisions)
    if (!entry || revision.some((count, at) => count !== entry!.revision[at])) held.set(db, (entry = { revision, values: new Map() }))
    let value = entry.values.get(key)
    if (!value) {
      const last = finished.get(db)
      value = computed(db, key, revisions, last && last.key === key && last.revision.every((count, at) => count <= revision[at]!) ? last : undefined)
      keep(entry.values, key, value, limit)
      // A failed reading is not kept: the next request tries again.
      const values = entry.values
      value.then(
        (done) => {
          const other = finished.get(db)
          if (!other || other.revision.every((count, at) => count <= revision[at]!)) finished.set(db, { key, revision, value: done })
        },
        () => values.get(key) === value && values.delete(key),
      )
    }
    return value
  }
}

/**
 * An answer kept with the kept value it is computed from (`on`: a reading of every plan, a
 * project's part of it), per key: computed again only for a new value of it, which a change makes.
 * No query; `work` runs at most once per value and key while they are kept. `work` is handed the
 * latest value computed for the same key from another `on` (the reading before a change), so it
 * can work out only what differs; the latest per key is held, up to the holder's limit of keys.
 */
export function keptWith<On extends object, T>(name: Named<{ keptWith: string }>) {
  const limit = limitOf(name)
  const held = new WeakMap<On, Map<string, T>>()
  const latest = new Map<string, { on: On; value: T }>()
  return (on: On, key: string, work: (before?: { on: On; value: T }) => T): T => {
    let values = held.get(on)
    if (!values) held.set(on, (values = new Map()))
    let value = values.get(key)
    if (value === undefined) {
      keep(values, key, (value = kept(work(latest.get(key)))), limit)
      latest.delete(key)
      keep(latest, key, { on, value }, limit)
    }
    return value
  }
}

/**
 * The JSON of a kept value, written once: a kept value is read-only, so its text stands while it is
 * kept, and goes with it (a WeakMap). What a kept answer made of kept values is written from.
 */
const texts = new WeakMap<object, string>()
export function keptText(value: object): string {
  let text = texts.get(value)
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)))
  return text
}
