/** Load from autocannon, in this process, against a server in another. */
import { request } from 'node:http'
import { gunzipSync } from 'node:zlib'
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

export interface RawAnswer {
  status: number
  headers: Record<string, string>
  /** The bytes as sent (still gzipped when the server gzipped them), base64. */
  body: string
  /** Their number. */
  bytes: number
  /** The text, unzipped. */
  html: string
}

/** One answer's status, content headers and bytes as sent, and its text. */
export async function rawAnswer(target: Target): Promise<RawAnswer> {
  const url = new URL(target.url)
  return new Promise((resolve, reject) => {
    const req = request(url, { method: target.method ?? 'GET', headers: target.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const headers: Record<string, string> = {}
        for (const name of ['content-type', 'content-encoding', 'set-cookie', 'cache-control', 'vary']) {
          const value = res.headers[name]
          if (value) headers[name] = Array.isArray(value) ? value.join(', ') : value
        }
        const body = Buffer.concat(chunks)
        const html = res.headers['content-encoding'] === 'gzip' ? gunzipSync(body).toString('utf8') : body.toString('utf8')
        resolve({ status: res.statusCode ?? 0, headers, body: body.toString('base64'), bytes: body.length, html })
      })
    })
    req.on('error', reject)
    req.end(target.body)
  })
}

