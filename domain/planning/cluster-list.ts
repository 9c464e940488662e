import { GROUP_LABEL_SEPARATOR, UNAVAILABLE_CLUSTER } from './messages'

/** One cluster id, or a group of cluster ids planned together (spec/administration-planning.md §3: groups nest one level only). */
export type ClusterEntry = string | string[]
export type ClusterList = ClusterEntry[]

export const isGroup = (entry: ClusterEntry): entry is string[] => Array.isArray(entry)

/** Every cluster id of a list, groups opened, in order. */
export const flatten = (list: readonly ClusterEntry[]): string[] => list.flatMap((entry) => (isGroup(entry) ? entry : [entry]))

/** The single (ungrouped) clusters: the only ones the Group Clusters dialog lets one select. */
export const singleClusters = (list: readonly ClusterEntry[]): string[] => list.filter((entry): entry is string => !isGroup(entry))

/** Whether two lists hold the same clusters, whatever their grouping, order or repeats. */
export function sameClusterSet(a: readonly ClusterEntry[], b: readonly ClusterEntry[]) {
  const left = new Set(flatten(a))
  const right = new Set(flatten(b))
  return left.size === right.size && [...left].every((id) => right.has(id))
}

/**
 * Groups clusters (spec/administration-planning.md §4): the selected single clusters merge into one new group, which takes the
 * place of the first of them; existing groups stay as they are and unselected singles stay single.
 * Ids inside existing groups cannot be selected and are ignored. Fewer than two selected singles
 * change nothing: a group of one would be a single cluster under another name. The new group
 * lists its clusters in the order of the list, not the order they were ticked in.
 */
export function groupClusters(list: readonly ClusterEntry[], selectedIds: Iterable<string>): ClusterList {
  const wanted = new Set(selectedIds)
  const merged = [...new Set(singleClusters(list).filter((id) => wanted.has(id)))]
  const copy = (entry: ClusterEntry): ClusterEntry => (isGroup(entry) ? [...entry] : entry)
  if (merged.length < 2) return list.map(copy)
  const result: ClusterList = []
  let placed = false
  for (const entry of list) {
    if (isGroup(entry) || !wanted.has(entry)) {
      result.push(copy(entry))
    } else if (!placed) {
      result.push(merged)
      placed = true
    }
  }
  return result
}

/** A group of one is a single cluster: unwrapped, so every list has one spelling. */
export const unwrapSingletons = (list: readonly ClusterEntry[]): ClusterList =>
  list.map((entry) => (isGroup(entry) ? (entry.length === 1 ? entry[0] : [...entry]) : entry))

/**
 * Whether a proposed grouping of a role's clusters is acceptable: exactly the role's clusters,
 * each once, no empty group. Answers true when it is.
 */
export function usesEachClusterOnce(roleClusters: readonly ClusterEntry[], proposed: readonly ClusterEntry[]) {
  if (proposed.some((entry) => isGroup(entry) && entry.length === 0)) return false
  const ids = flatten(proposed)
  return new Set(ids).size === ids.length && sameClusterSet(roleClusters, proposed)
}

type Names = ReadonlyMap<string, string> | Readonly<Record<string, string>>
const nameIn = (names: Names, id: string) =>
  (names instanceof Map ? names.get(id) : Object.hasOwn(names, id) ? (names as Record<string, string>)[id] : undefined) ?? UNAVAILABLE_CLUSTER

/** The label of a single cluster, or the one combined label of a group (spec/administration-planning.md §2); unknown ids read '(Unavailable Cluster)'. */
export const clusterLabel = (entry: ClusterEntry, namesById: Names) =>
  isGroup(entry) ? entry.map((id) => nameIn(namesById, id)).join(GROUP_LABEL_SEPARATOR) : nameIn(namesById, entry)
