import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ensureBuilt, stopProcess } from '../support/processes'

/**
 * The built web refuses a form body over 1 MB with 413 from its headers, before reading it (issue 12):
 * four 50 MB posts at once leave its memory where it was. The web alone is enough: nothing reaches the API.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const PORT = 3641
const MB = 1024 * 1024
let web: ChildProcess

beforeAll(async () => {
  ensureBuilt()
  if (await fetch(`http://127.0.0.1:${PORT}/`).then(() => true, () => false)) throw new Error(`port ${PORT} is taken by another process`)
  web = spawn(process.execPath, [path.join(ROOT, 'build/server/web.js')], {
    cwd: ROOT,
    // An API that is not there: the health check fails, but the pages' refusals need none.
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), BACKEND_URL: 'http://127.0.0.1:9', PUBLIC_URL: `http://localhost:${PORT}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await untilUp()
}, 60_000)
afterAll(() => web && stopProcess(web))

async function untilUp() {
  for (let i = 0; i < 300; i++) {
    if (await fetch(`http://127.0.0.1:${PORT}/login`).then((answer) => answer.status < 500, () => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the web did not start')
}

/** Resident memory of the web process, from /proc (Linux). */
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${web.pid}/status`, 'utf8'))![1]) / 1024

/** Posts `size` bytes as a form, writing as fast as the socket takes them; answers the status the web gave. */
function post(size: number) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: PORT,
      path: '/login',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(size), origin: `http://localhost:${PORT}` },
    })
    let answered = false
    request.on('response', (response) => {
      answered = true
      response.resume()
      resolve(response.statusCode!)
    })
    // The web may close the connection after its answer, cutting off what is still being written; a
    // connection closed before the answer is a failure: the client would never see why.
    request.on('error', (error) => (answered ? undefined : reject(error)))
    const chunk = Buffer.alloc(MB, 'a')
    let sent = 0
    const write = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(MB, size - sent))
        sent += piece.length
        if (!request.write(piece)) return void request.once('drain', write)
      }
      request.end()
    }
    write()
  })
}

test.skipIf(process.platform !== 'linux')('four parallel 50 MB posts answer 413 and leave the web within 100 MB of its memory before', async () => {
  const before = rssMb()
  const statuses = await Promise.all(Array.from({ length: 4 }, () => post(50 * MB)))
  expect(statuses).toEqual([413, 413, 413, 413])
  const after = rssMb()
  expect(after - before).toBeLessThan(100)
}, 60_000)

test('a body that never ends gets its answer, and its connection is closed within seconds', async () => {
  const started = Date.now()
  const outcome = await new Promise<{ status?: number; closed: boolean }>((resolve) => {
    let status: number | undefined
    const request = http.request({
      host: '127.0.0.1',
      port: PORT,
      path: '/login',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://localhost:${PORT}` },
    })
    request.on('response', (response) => {
      status = response.statusCode
      response.resume()
    })
    request.on('close', () => resolve({ status, closed: true }))
    request.on('error', () => undefined)
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const write = () => {
      while (!request.destroyed) if (!request.write(chunk)) return void request.once('drain', write)
    }
    write()
  })
  expect(outcome).toEqual({ status: 411, closed: true })
  expect(Date.now() - started).toBeLessThan(15_000)
}, 30_000)

test('a form of 1 MB or less is still read', async () => {
  expect(await post(1000)).not.toBe(413)
})
