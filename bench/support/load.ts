/** Load from autocannon, in this process, against a server in another. */
import autocannon from 'autocannon'

export interface Target {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

export interface Load {
  /** Requests per second, averaged over the run. */
  rps: number
  p50: number
  p99: number
  /** Answers other than 2xx/3xx, connection errors and timeouts: a figure with any is not comparable. */
  failed: number
}

/** After a second's warm-up (not counted): the JIT and the pools are warm for every figure alike. */
export async function load(target: Target, connections: number, seconds: number): Promise<Load> {
  await autocannon({ ...target, connections, duration: 1 })
  const result = await autocannon({ ...target, connections, duration: seconds })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts }
}
