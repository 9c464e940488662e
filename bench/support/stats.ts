/** The figures a benchmark prints from its timed runs. */

const sorted = (values: number[]) => [...values].sort((a, b) => a - b)

export function median(values: number[]) {
  const list = sorted(values)
  const middle = Math.floor(list.length / 2)
  return list.length % 2 ? list[middle] : (list[middle - 1] + list[middle]) / 2
}

export const p95 = (values: number[]) => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]
export const ms = (value: number) => value.toFixed(1)
export const seconds = (value: number) => (value / 1000).toFixed(1)

/** The query count per request: one figure when every run made the same number (as it should). */
export function queriesOf(queries: number[]) {
  const list = sorted(queries)
  return list[0] === list[list.length - 1] ? String(list[0]) : `${list[0]}–${list[list.length - 1]}`
}

/** API calls with ids as :id, repeats counted: "GET /users/:id ×8". */
export function collapsed(calls: string[]) {
  const named = calls.map((call) => call.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id'))
  const runs: { call: string; times: number }[] = []
  for (const call of named) {
    const last = runs.at(-1)
    if (last?.call === call) last.times++
    else runs.push({ call, times: 1 })
  }
  return runs.map(({ call, times }) => (times > 1 ? `${call} ×${times}` : call)).join(', ')
}
