import type { PlanPart } from '#api/schedule/load'

/**
 * Every project's lines in one list, in the order `order` gives and, between equal lines, the order
 * of the parts (a stable sort of every part's lines, as a whole reading makes it): the hire-by
 * queue, the Schedule's unfilled demand. Given the list of an earlier reading, the lines of the
 * projects whose parts did not move keep their order, and only the moved projects' lines are
 * sorted and put in place, each found by halving: a change costs its projects' lines, not a sort
 * of everyone's.
 */
export function linesInOrder<Line>(
  parts: readonly PlanPart[],
  linesOf: (part: PlanPart) => readonly Line[],
  projectOf: (line: Line) => string,
  order: (a: Line, b: Line) => number,
  before?: { parts: readonly PlanPart[]; lines: readonly Line[] },
): Line[] {
  const keptPart = new Map(before?.parts.map((part) => [part.projectId, part]))
  const moved = parts.filter((part) => keptPart.get(part.projectId) !== part)
  // The earlier reading's parts whose kept lines go: those that moved, and those of projects gone.
  const dropped = (before?.parts.length ?? 0) - (parts.length - moved.length)
  // Nothing kept, or the projects moved and dropped exceed half of them: one sort is as cheap.
  if (!before || moved.length + dropped > parts.length / 2) return parts.flatMap(linesOf).sort(order)
  const place = new Map(parts.map((part, at) => [part.projectId, at]))
  const inOrder = (a: Line, b: Line) => order(a, b) || place.get(projectOf(a))! - place.get(projectOf(b))!
  const unmoved = new Set(parts.filter((part) => keptPart.get(part.projectId) === part).map((part) => part.projectId))
  const base = before.lines.filter((line) => unmoved.has(projectOf(line)))
  const added = moved.flatMap(linesOf).sort(inOrder)
  const lines: Line[] = []
  let from = 0
  for (const line of added) {
    // The first of the kept lines that comes after this one.
    let low = from
    let high = base.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (inOrder(base[middle]!, line) <= 0) low = middle + 1
      else high = middle
    }
    for (let at = from; at < low; at++) lines.push(base[at]!)
    from = low
    lines.push(line)
  }
  for (let at = from; at < base.length; at++) lines.push(base[at]!)
  return lines
}
