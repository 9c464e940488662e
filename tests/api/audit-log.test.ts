import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AuditPage } from '#domain/contracts/audit'
import { recordChanges, type Change } from '#api/audit/record'
import { startApi, type Api, type Client } from '../support/api-harness'
import { entriesAbout, entryCount } from '../support/audit'
import { expectClientError } from '../support/helpers'
import { personaCallers, type Persona } from '../support/personas'

/**
 * Reading the audit log (issue 31): GET /api/audit for administrators only, newest first, 50 a page,
 * filtered by person (actor or subject), entity type, project and days in the organisation's time
 * zone (Asia/Kolkata here, UTC+5:30, so a UTC day would fail); GET /api/users/{id}/audit for the
 * person and the administrators. Entries are written as the stores write them (recordChanges), dated
 * after the API's clock (5 January 2026) so they are the newest whatever the writes of the suite record.
 */

let api: Api
let callers: Awaited<ReturnType<typeof personaCallers>>
let admin: Client

beforeAll(async () => {
  api = await startApi({ timeZone: 'Asia/Kolkata' })
  callers = await personaCallers(api)
  admin = callers.get('Admin')!.client
})
afterAll(() => api?.close())

const someone = { id: randomUUID(), name: 'Asha Rao' }
/** Entries written as a store writes them, each at its own time (or all at `at`). */
async function record(at: string | Date, changes: Partial<Change>[], actor: Parameters<typeof recordChanges>[1] = someone) {
  for (const change of changes) {
    await recordChanges(api.db, actor, new Date(at), [{ entityType: 'project', entityId: randomUUID(), label: 'Tower B', action: 'changed', ...change }])
  }
}
const read = (query: Record<string, string>, client = admin) => client.get<AuditPage & { error?: string } & Record<string, unknown>>(`/api/audit?${new URLSearchParams(query)}`)
const labels = (page: AuditPage) => page.entries.map((entry) => entry.label)

describe('only administrators read the audit log', () => {
  test.each<[Persona, number]>([
    ['Admin', 200],
    ['view', 403],
    ['add', 403],
    ['edit', 403],
    ['delete', 403],
    ['no permissions', 403],
    ['anonymous', 401],
  ])('%s: GET /api/audit answers %i', async (persona, status) => {
    const answer = await read({}, callers.get(persona)!.client)
    expect(answer.status, JSON.stringify(answer.body)).toBe(status)
    if (status !== 200) {
      expectClientError(answer, status)
      expect(answer.body).not.toHaveProperty('entries')
    }
  })
})

describe('the log reads newest first, 50 a page, with the count of every entry', () => {
  test('120 entries: pages of 50, 50 and 20, newest first, the total the whole log; entries of one moment in a fixed order across pages', async () => {
    const labelsWritten: string[] = []
    for (let i = 0; i < 120; i++) {
      const label = `Entry ${String(i).padStart(3, '0')}`
      labelsWritten.push(label)
      await record(new Date(Date.UTC(2027, 0, 1, 0, i)), [{ label }])
    }
    const total = await entryCount(api)
    const pages = await Promise.all([1, 2, 3].map((page) => read({ page: String(page) })))
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200])
    expect(pages.map((page) => page.body.total)).toEqual([total, total, total])
    expect(pages.map((page) => page.body.entries.length)).toEqual([50, 50, Math.min(50, total - 100)])
    const newestFirst = [...labelsWritten].reverse()
    expect(labels(pages[0]!.body)).toEqual(newestFirst.slice(0, 50))
    expect(labels(pages[1]!.body)).toEqual(newestFirst.slice(50, 100))
    expect(labels(pages[2]!.body).slice(0, 20)).toEqual(newestFirst.slice(100, 120))
    // The first page without `page` is page 1; a page past the end is empty, with the same total.
    expect(labels((await read({})).body)).toEqual(newestFirst.slice(0, 50))
    const past = await read({ page: '9999' })
    expect(past.body).toEqual({ entries: [], total })

    // 60 entries of one moment (one save recording many changes): split over two pages, none twice, none left out.
    const project = randomUUID()
    await recordChanges(api.db, someone, new Date('2027-01-02T00:00:00Z'), Array.from({ length: 60 }, (_, i) => ({ entityType: 'tag' as const, entityId: randomUUID(), label: `Tag ${i}`, action: 'created' as const, projectId: project })))
    const [one, two] = await Promise.all(['1', '2'].map((page) => read({ projectId: project, page })))
    const ids = [...one!.body.entries, ...two!.body.entries].map((entry) => entry._id)
    expect(new Set(ids).size).toBe(60)
    expect(ids).toEqual([...ids].sort().reverse())
  })

  test('an entry reads as it was recorded: who, when, what, the action and the fields, a secret without its values', async () => {
    const subject = randomUUID()
    await recordChanges(api.db, { id: someone.id, name: 'Asha Rao' }, new Date('2027-06-01T10:00:00Z'), [
      {
        entityType: 'user',
        entityId: subject,
        label: 'Ravi Kumar',
        action: 'changed',
        subjectId: subject,
        changes: [
          { field: 'status', before: 'Active', after: 'Inactive' },
          { field: 'password', before: 'old-secret', after: 'new-secret' },
        ],
      },
    ])
    await recordChanges(api.db, 'system', new Date('2027-06-01T10:01:00Z'), [{ entityType: 'role', entityId: randomUUID(), label: 'Engineer', action: 'created', subjectId: subject }])
    const { body } = await read({ person: subject })
    expect(body.total).toBe(2)
    expect(body.entries[1]).toEqual({
      _id: expect.any(String),
      at: '2027-06-01T10:00:00.000Z',
      actor: { _id: someone.id, name: 'Asha Rao', email: null },
      entityType: 'user',
      entityId: subject,
      label: 'Ravi Kumar',
      action: 'changed',
      changes: [{ field: 'status', before: 'Active', after: 'Inactive' }, { field: 'password', secret: true }],
      subjectId: subject,
      projectId: null,
    })
    expect(body.entries[0]).toMatchObject({ actor: { _id: null, name: 'system' }, action: 'created', label: 'Engineer' })
    expect(JSON.stringify(body)).not.toMatch(/secret"?:\s*"|old-secret|new-secret/)
  })
})

describe('filters', () => {
  test('person: the entries they made and those about them, no others', async () => {
    const person = { id: randomUUID(), name: 'Meera Iyer' }
    await record('2027-02-01T08:00:00Z', [{ label: 'made by Meera 1' }, { label: 'made by Meera 2' }], person)
    await record('2027-02-01T09:00:00Z', [{ label: 'about Meera', subjectId: person.id }, { label: 'about someone else', subjectId: randomUUID() }])
    const { status, body } = await read({ person: person.id })
    expect(status).toBe(200)
    expect(body.total).toBe(3)
    expect(labels(body).sort()).toEqual(['about Meera', 'made by Meera 1', 'made by Meera 2'])
    // Ids in any case name the same person.
    expect((await read({ person: person.id.toUpperCase() })).body.total).toBe(3)
  })

  test('entity type: only entries about that kind of thing, all of them', async () => {
    await record('2027-02-02T08:00:00Z', [{ entityType: 'cluster dates', label: 'Excavation dates' }, { entityType: 'template', label: 'Residential template' }])
    for (const entityType of ['cluster dates', 'template', 'tag'] as const) {
      const { body } = await read({ entityType })
      expect(body.entries.every((entry) => entry.entityType === entityType), entityType).toBe(true)
      expect(body.total, entityType).toBe((await entriesAbout(api, { entityType })).length)
    }
    expect(labels((await read({ entityType: 'cluster dates' })).body)).toContain('Excavation dates')
  })

  test('project: only the entries of that project', async () => {
    const project = randomUUID()
    await record('2027-02-03T08:00:00Z', [{ label: 'Tower A instance', entityType: 'instance', projectId: project }, { label: 'tagged', entityType: 'tag', projectId: project }])
    await record('2027-02-03T09:00:00Z', [{ label: 'another project', projectId: randomUUID() }])
    const { body } = await read({ projectId: project })
    expect(body.total).toBe(2)
    expect(labels(body).sort()).toEqual(['Tower A instance', 'tagged'])
  })

  test("from and to: whole days, inclusive, in the organisation's time zone (Asia/Kolkata)", async () => {
    const project = randomUUID()
    // 10 March 2028 in Kolkata runs from 9 March 18:30 UTC to 10 March 18:30 UTC.
    await record('2028-03-09T18:29:00Z', [{ label: '9 March 23:59', projectId: project }])
    await record('2028-03-09T18:30:00Z', [{ label: '10 March 00:00', projectId: project }])
    await record('2028-03-10T18:29:59Z', [{ label: '10 March 23:59', projectId: project }])
    await record('2028-03-10T18:30:00Z', [{ label: '11 March 00:00', projectId: project }])
    const between = async (query: Record<string, string>) => labels((await read({ projectId: project, ...query })).body)
    expect(await between({ from: '2028-03-10', to: '2028-03-10' })).toEqual(['10 March 23:59', '10 March 00:00'])
    expect(await between({ from: '2028-03-10' })).toEqual(['11 March 00:00', '10 March 23:59', '10 March 00:00'])
    expect(await between({ to: '2028-03-09' })).toEqual(['9 March 23:59'])
    expect(await between({ from: '2028-03-11', to: '2028-03-12' })).toEqual(['11 March 00:00'])
  })

  test('filters combine, and the total counts what matches', async () => {
    const person = randomUUID()
    const project = randomUUID()
    await record('2027-04-01T08:00:00Z', [
      { label: 'tag of', entityType: 'tag', subjectId: person, projectId: project },
      { label: 'other tag', entityType: 'tag', projectId: project },
      { label: 'instance', entityType: 'instance', subjectId: person, projectId: project },
      { label: 'elsewhere', entityType: 'tag', subjectId: person, projectId: randomUUID() },
    ])
    const { body } = await read({ person, projectId: project, entityType: 'tag', from: '2027-04-01', to: '2027-04-01' })
    expect(body).toMatchObject({ total: 1, entries: [{ label: 'tag of' }] })
  })

  test('empty filters ask for everything, as a GET form sends them', async () => {
    const all = await read({})
    const blank = await read({ person: '', entityType: '', projectId: '', from: '', to: '', page: '' })
    expect(blank.status).toBe(200)
    expect(blank.body.total).toBe(all.body.total)
  })
})

describe('bad input is refused with a 400 naming the field, never a 500', () => {
  test.each([
    [{ person: 'not-an-id' }, /^person: /],
    [{ projectId: '42' }, /^projectId: /],
    [{ entityType: 'spaceship' }, /^entityType: .*user.*cluster dates/],
    [{ from: '2028-02-30' }, /^from: Enter a valid date/],
    [{ from: 'yesterday' }, /^from: Enter a valid date/],
    [{ to: '3000-01-01' }, /^to: Enter a date between 1900 and 2100/],
    [{ from: '2028-03-10', to: '2028-03-09' }, /^to: The end date cannot be before the start date/],
    [{ page: '0' }, /^page: page must be at least 1/],
    [{ page: 'two' }, /^page: page must be a number/],
    [{ page: '1.5' }, /^page: page must be a whole number/],
    [{ limit: '10001' }, /^limit: limit must be at most 10000/],
  ])('%j', async (query, message) => {
    const answer = await read(query)
    expectClientError(answer, 400)
    expect(answer.body.error).toMatch(message)
  })
})

describe("a person's changes: GET /api/users/{id}/audit", () => {
  test('the person and the administrators read what was changed about them (their account and assignments), newest first; nobody else', async () => {
    const person = callers.get('no permissions')!
    await record('2027-05-01T08:00:00Z', [{ label: 'tagged to Tower B', entityType: 'tag', subjectId: person.id!, projectId: randomUUID() }])
    await record('2027-05-02T08:00:00Z', [{ label: 'profile changed', entityType: 'profile', subjectId: person.id! }])
    await record('2027-05-03T08:00:00Z', [{ label: 'made by them, about another', subjectId: randomUUID() }], { id: person.id!, name: 'them' })
    // Newest first: these two, then whatever signing up and being given permissions recorded about them.
    const about = await entriesAbout(api, { subjectId: person.id! })
    const expected = about.map((entry) => entry.label)
    expect(expected.slice(0, 2)).toEqual(['profile changed', 'tagged to Tower B'])
    expect(expected).not.toContain('made by them, about another')
    const own = await person.client.get<AuditPage>(`/api/users/${person.id}/audit`)
    expect(own.status).toBe(200)
    expect(labels(own.body)).toEqual(expected)
    expect(own.body.total).toBe(about.length)
    expect(labels((await person.client.get<AuditPage>(`/api/users/${person.id!.toUpperCase()}/audit`)).body)).toEqual(expected)
    expect(labels((await admin.get<AuditPage>(`/api/users/${person.id}/audit`)).body)).toEqual(expected)
    // view and edit read a person's profile, not what was changed about them.
    for (const other of ['view', 'edit', 'add', 'delete'] as const) {
      const answer = await callers.get(other)!.client.get(`/api/users/${person.id}/audit`)
      expectClientError(answer, 403)
    }
    expectClientError(await callers.get('anonymous')!.client.get(`/api/users/${person.id}/audit`), 401)
  })

  test('50 a page; an unknown person is a 404, a bad page a 400', async () => {
    const person = callers.get('view')!
    for (let i = 0; i < 55; i++) await record(new Date(Date.UTC(2027, 7, 1, 0, i)), [{ label: `change ${i}`, subjectId: person.id! }])
    const total = (await entriesAbout(api, { subjectId: person.id! })).length
    const first = await admin.get<AuditPage>(`/api/users/${person.id}/audit`)
    const second = await admin.get<AuditPage>(`/api/users/${person.id}/audit?page=2`)
    expect([first.body.entries.length, second.body.entries.length, first.body.total]).toEqual([50, total - 50, total])
    expect(total).toBeGreaterThanOrEqual(55)
    expect(first.body.entries[0]!.label).toBe('change 54')
    expectClientError(await admin.get(`/api/users/${randomUUID()}/audit`), 404)
    expectClientError(await admin.get('/api/users/nobody/audit'), 404)
    const bad = await admin.get<{ error: string }>(`/api/users/${person.id}/audit?page=-1`)
    expectClientError(bad, 400)
    expect(bad.body.error).toMatch(/^page: /)
  })
})
