import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { leave } from '#api/db/schema'
import { LEAVE_NOTE_MAX } from '#domain/schedule/limits'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { userHolding } from '../support/personas'
import { makeProject } from '../support/planning'
import { assignedOn, residentialPlan } from '../support/projects'
import { ensureBuilt, startBuiltWeb, stopProcess } from '../support/processes'
import { scratchDir } from '../support/scratch'

/**
 * One person's pages stay under 100 KB whatever they hold (issue 36 §8): the built web in front of a
 * real API (PGlite, or PostgreSQL with DATABASE_URL) whose employee holds 3,000 one-day periods of
 * leave (2,000 ahead, 1,000 over, each with a note as long as allowed, stored directly as the
 * probe's 81 seconds of posting left them) and 61 assignments: 60 over, and one ahead that every
 * period ahead clashes with. Their dashboard (past assignments shown too, and a later page of each
 * list) and their profile, read by them and by an administrator, each stay under 100 KB, and say
 * which page of each list they show. The API's clock stands at 5 January 2026.
 */
const LIMIT = 100_000
const PAST_INSTANCES = 60

let api: Api
let admin: Client
let employee: { id: string; client: Client }
let web: ChildProcess
let webUrl = ''
const folder = scratchDir('person-pages')

const dayAfter = (from: string, n: number) => new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  ensureBuilt()
  api = await startApi()
  admin = (await signedUpUser(api)).client
  employee = await userHolding(api, [])
  const plan = await residentialPlan(api, admin)
  const project = await makeProject(admin, `Heavy ${Date.now().toString(36)}`)
  // Excavation is over (2025), Painting ahead for years: every period of leave ahead falls in it.
  // Block 1 has both; Blocks 2 to 60 Excavation alone.
  const names = Array.from({ length: PAST_INSTANCES }, (_, n) => `Block ${n + 1}`)
  await assignedOn(admin, plan, project, employee.id, names, [
    [plan.t[0]!, '2025-03-01', '2025-04-15'],
    [plan.t[4]!, '2026-02-01', '2032-12-31'],
  ])
  const note = (day: string) => `${day} `.padEnd(LEAVE_NOTE_MAX, 'x')
  const days = [...Array.from({ length: 2000 }, (_, n) => dayAfter('2026-02-01', n)), ...Array.from({ length: 1000 }, (_, n) => dayAfter('2023-01-01', n))]
  await api.db.insert(leave).values(days.map((day) => ({ userId: employee.id, startDate: day, endDate: day, note: note(day), createdAt: new Date('2025-12-01T00:00:00Z') })))

  const started = await startBuiltWeb(api.url, folder.path)
  web = started.child
  webUrl = started.url
}, 240_000)
afterAll(async () => {
  if (web) await stopProcess(web)
  await api?.close()
  folder.remove()
})

/** The page as the browser gets it: status, and its bytes. */
async function page(path: string, client: Client) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const answer = await fetch(`${webUrl}${path}`, { headers: { cookie }, redirect: 'manual' })
  const bytes = Buffer.from(await answer.arrayBuffer())
  // React's markers between the pieces of one text go, so a sentence reads whole.
  return { status: answer.status, size: bytes.length, text: bytes.toString('utf8').replaceAll('<!-- -->', '') }
}

describe("a person's pages stay under 100 KB whatever they hold", () => {
  test('the dashboard: leave ahead and past leave a page at a time, past assignments too when shown', async () => {
    for (const path of ['/dashboard', '/dashboard?past=1', '/dashboard?past=1&pastPage=2&leavePage=40&pastLeavePage=20']) {
      const answer = await page(path, employee.client)
      expect(answer.status, path).toBe(200)
      expect(answer.size, path).toBeLessThan(LIMIT)
    }
    const first = (await page('/dashboard?past=1', employee.client)).text
    expect(first).toContain('Showing 1–10 of 2000 leave periods')
    expect(first).toContain('Showing 1–10 of 1000 past leave periods')
    expect(first).toContain('Showing 1–10 of 60 past assignments')
    expect(first).toContain('Past leave (1000)')
    // The assignment ahead names ten of its 2,000 clashes, and counts the rest.
    expect(first).toContain('And 1,997 more')
    const last = (await page('/dashboard?past=1&pastPage=2&leavePage=40&pastLeavePage=20', employee.client)).text
    expect(last).toContain('Showing 391–400 of 2000 leave periods')
    expect(last).toContain('Showing 191–200 of 1000 past leave periods')
    expect(last).toContain('Showing 11–20 of 60 past assignments')
  })

  test('the profile, read by the person and by an administrator: assignments and leave a page at a time', async () => {
    const path = `/users/${employee.id}/profile`
    for (const client of [employee.client, admin]) {
      for (const address of [path, `${path}?assignmentsPage=2&leavePage=3&pastLeavePage=4`]) {
        const answer = await page(address, client)
        expect(answer.status, address).toBe(200)
        expect(answer.size, address).toBeLessThan(LIMIT)
      }
    }
    const first = (await page(path, admin)).text
    expect(first).toContain('Showing 1–10 of 61 assignments')
    expect(first).toContain('Showing 1–10 of 2000 leave periods')
    expect(first).toContain('Showing 1–10 of 1000 past leave periods')
    // The changes made to them (each tag one), as many a page.
    expect(first).toMatch(/Showing 1–10 of \d+ changes/)
  })
})
