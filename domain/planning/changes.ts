import { can, type Holder } from '../access'
import type { Permission } from '../constants'

/**
 * What a save that takes a whole set (a plan, a card, a template, a cluster's tags) would do to
 * what is stored (DESIGN §4): what it adds needs `add`, what it changes `edit`, what it removes
 * `delete`. Each part is named as a refusal says it ("Removing instances"), once. Pure: the API
 * reads the stored state under its locks and hands both sides here.
 */
export interface ChangeSet {
  adds: string[]
  changes: string[]
  removes: string[]
}

/** The parts of a save, as the refusal names them. */
export const CHANGES = {
  addCards: 'Adding cards',
  addInstances: 'Adding instances',
  renameInstances: 'Renaming instances',
  reorderInstances: 'Reordering instances',
  lowerNumber: "Lowering a card's Number",
  removeInstances: 'Removing instances',
  removeCards: 'Removing cards',
  tagUsers: 'Tagging users',
  untagUsers: 'Untagging users',
  addTemplateClusters: 'Adding clusters to a template',
  changeTemplateClusters: "Changing a template's planned people or interchanges",
  removeTemplateClusters: 'Removing clusters from a template',
} as const

/** Which permission each kind of part needs, in the order a refusal names them. */
const NEEDS = [
  ['adds', 'add'],
  ['changes', 'edit'],
  ['removes', 'delete'],
] as const satisfies readonly (readonly [keyof ChangeSet, Permission])[]

const keep = (parts: readonly (string | false)[]) => [...new Set(parts.filter((part): part is string => part !== false))]

/** A change set from its parts; a part given as `false` is not part of it. */
export const changeSet = ({ adds = [], changes = [], removes = [] }: { adds?: (string | false)[]; changes?: (string | false)[]; removes?: (string | false)[] }): ChangeSet => ({
  adds: keep(adds),
  changes: keep(changes),
  removes: keep(removes),
})

export const NO_CHANGES: ChangeSet = changeSet({})

/** Several saves made as one (a plan's cards): every part of each, once. */
export const mergeChanges = (...sets: readonly ChangeSet[]) =>
  changeSet({ adds: sets.flatMap((set) => set.adds), changes: sets.flatMap((set) => set.changes), removes: sets.flatMap((set) => set.removes) })

/** The permissions a change set needs, in the usual order. */
export const requiredPermissions = (set: ChangeSet): Permission[] => NEEDS.filter(([kind]) => set[kind].length > 0).map(([, permission]) => permission)

/**
 * The refusal of a save whose parts the actor may not all make: one sentence per missing
 * permission, naming the parts that need it ("Removing instances needs the delete permission.");
 * null when the actor may make all of it.
 */
export function changeRefusal(actor: Holder, set: ChangeSet): string | null {
  const sentences = NEEDS.filter(([kind, permission]) => set[kind].length > 0 && !can(actor, permission)).map(([kind, permission]) => {
    const parts = set[kind].map((part, index) => (index === 0 ? part : part.charAt(0).toLowerCase() + part.slice(1)))
    const named = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]
    return `${named} ${parts.length > 1 ? 'need' : 'needs'} the ${permission} permission.`
  })
  return sentences.length ? sentences.join(' ') : null
}

/** A stored instance of a card, in the card's order. */
export interface StoredInstance {
  id: string
  name: string
}
/** An instance name as a save sends it: with the id of the instance it keeps, or null for a new one. */
export interface SentInstance {
  name: string
  projectEntityId: string | null
}

/**
 * One card saved whole against its stored instances (`stored` null: the card is new). Kept
 * instances are those sent with their id (the caller has checked that each is one of the card's,
 * once): a new name renames one, a new order moves them; instances not kept are removed, with
 * their tags. Number is the instance count, so sending fewer names than are stored lowers it.
 */
export function cardChanges(stored: readonly StoredInstance[] | null, sent: readonly SentInstance[]): ChangeSet {
  if (stored === null) return changeSet({ adds: [CHANGES.addCards, sent.length > 0 && CHANGES.addInstances] })
  const names = new Map(stored.map((row) => [row.id, row.name]))
  const kept = sent.filter((entry) => entry.projectEntityId !== null && names.has(entry.projectEntityId))
  const keptIds = new Set(kept.map((entry) => entry.projectEntityId))
  const storedOrder = stored.filter((row) => keptIds.has(row.id)).map((row) => row.id)
  return changeSet({
    adds: [kept.length < sent.length && CHANGES.addInstances],
    changes: [
      kept.some((entry) => names.get(entry.projectEntityId!) !== entry.name) && CHANGES.renameInstances,
      kept.some((entry, index) => entry.projectEntityId !== storedOrder[index]) && CHANGES.reorderInstances,
      sent.length < stored.length && CHANGES.lowerNumber,
    ],
    removes: [keptIds.size < stored.length && CHANGES.removeInstances],
  })
}

/** Whole cards a plan save removes (those still stored). */
export const cardRemovals = (count: number) => changeSet({ removes: [count > 0 && CHANGES.removeCards] })

/** One tag: a user on a cluster (of a role of an instance, which the caller fixes). */
export interface Tag {
  clusterId: string
  userId: string
}
const tagKey = (tag: Tag) => `${tag.clusterId} ${tag.userId}`

/** The tags of one cluster (or group) of one role of one instance, replaced by those sent. */
export function tagChanges(stored: readonly Tag[], sent: readonly Tag[]): ChangeSet {
  const before = new Set(stored.map(tagKey))
  const after = new Set(sent.map(tagKey))
  return changeSet({
    adds: [[...after].some((key) => !before.has(key)) && CHANGES.tagUsers],
    removes: [[...before].some((key) => !after.has(key)) && CHANGES.untagUsers],
  })
}

/** A template's cluster item as far as a save is concerned: which clusters of which role, and its figures. */
export interface TemplateItemFigures {
  roleId: string
  clusterIds: readonly string[]
  plannedPeople: number
  isInterchange: boolean
  interchanges: readonly { interchangePeople: number; interchangeFrom: { entityId: string; clusterId: string } }[]
}
/** An item is the same item when it plans the same clusters (in any order) for the same role. */
const itemKey = (item: TemplateItemFigures) => `${item.roleId} ${[...new Set(item.clusterIds)].sort().join(',')}`
const figuresOf = (item: TemplateItemFigures) =>
  JSON.stringify([
    item.plannedPeople,
    item.isInterchange,
    item.interchanges.map((row) => [row.interchangePeople, row.interchangeFrom.entityId, row.interchangeFrom.clusterId]),
  ])

/**
 * A template's items replaced by those sent (a forced save): items whose role and clusters are
 * new are added, those sent with other figures (planned people, interchanges) changed, those not
 * sent removed. Their order is the planning type's, not something a person changes.
 */
export function templateChanges(stored: readonly TemplateItemFigures[], sent: readonly TemplateItemFigures[]): ChangeSet {
  const before = new Map(stored.map((item) => [itemKey(item), figuresOf(item)]))
  const sentKeys = new Set(sent.map(itemKey))
  return changeSet({
    adds: [sent.some((item) => !before.has(itemKey(item))) && CHANGES.addTemplateClusters],
    changes: [sent.some((item) => before.has(itemKey(item)) && before.get(itemKey(item)) !== figuresOf(item)) && CHANGES.changeTemplateClusters],
    removes: [[...before.keys()].some((key) => !sentKeys.has(key)) && CHANGES.removeTemplateClusters],
  })
}
