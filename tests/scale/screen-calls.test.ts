import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { assignKey } from '#domain/planning/mapping'
import { cardField } from '#app/features/project-planning/card'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { makeProject, type Project } from '../support/planning'
import { instanceOf, makeCard, makePeople, REPLACE, residentialPlan, type Card, type ResidentialPlan } from '../support/projects'
import { ensureBuilt, startBuiltWeb, stopProcess } from '../support/processes'
import { scratchDir } from '../support/scratch'

/**
 * What a screen costs the API: the built web in front of a real API (PGlite, or PostgreSQL with
 * DATABASE_URL) that notes every call it is asked. GET /landing is the session's own (the signed-in
 * user, once per request the web serves) and is counted apart; every other call counts.
 * User Entity Mapping's page, with or without Assign Users open, makes one call; the popover's
 * search one; a Project Resource Planning post at most two, with or without JavaScript (with it:
 * the action's data request and the revalidation that follows; without: the one document request,
 * action and page; a redirect's page is its own GET, counted as a page).
 */
let api: Api
let admin: Client
let plan: ResidentialPlan
let project: Project
let card: Card
let web: ChildProcess
let webUrl = ''
/** The web's PUBLIC_URL: the Origin its form posts carry. */
let publicUrl = ''
const folder = scratchDir('screen-calls')
const calls: string[] = []

beforeAll(async () => {
  ensureBuilt()
  api = await startApi({ onRequest: (method, url) => calls.push(`${method} ${url.split('?')[0]}`) })
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  project = await makeProject(admin)
  card = await makeCard(admin, project, plan.towerType, ['Block A', 'Block B'])
  const people = await makePeople(api, 3)
  const tagged = await admin.post(REPLACE, { projectId: project._id, projectEntityId: instanceOf(card, 'Block A'), roleId: plan.engineer, clusterIds: [plan.t[0]!._id], userIds: [people[0]!._id] })
  expect(tagged.status, JSON.stringify(tagged.body)).toBe(200)

  const started = await startBuiltWeb(api.url, folder.path)
  web = started.child
  webUrl = started.url
  publicUrl = started.publicUrl
}, 240_000)
afterAll(async () => {
  if (web) await stopProcess(web)
  await api?.close()
  folder.remove()
})
beforeEach(() => {
  calls.length = 0
})

/** One request to the web as the administrator's browser makes it; the API calls it made, the session's apart. */
async function counted(pathname: string, init: { method?: string; form?: [string, string][] } = {}) {
  calls.length = 0
  const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const headers: Record<string, string> = { cookie }
  let body: string | undefined
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    headers.origin = publicUrl
    body = new URLSearchParams(init.form).toString()
  }
  const answer = await fetch(`${webUrl}${pathname}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' })
  const text = await answer.text()
  const made = [...calls]
  return { status: answer.status, text, location: answer.headers.get('location'), sessions: made.filter((call) => call === 'GET /landing').length, calls: made.filter((call) => call !== 'GET /landing') }
}

const mapping = (query: Record<string, string> | [string, string][]) => `/user-entity-mapping?${new URLSearchParams(query)}`
/** React Router's data request for an address, as the browser makes it on a navigation or a post with JavaScript. */
const dataOf = (address: string, routes?: string[]) => {
  const url = new URL(address, 'http://web.test')
  url.pathname = `${url.pathname}.data`
  if (routes) url.searchParams.set('_routes', routes.join(','))
  return url.pathname + url.search
}

describe('User Entity Mapping makes one call a page', () => {
  test('the page of a project: one call (GET /api/projects/{id}/mapping), with or without JavaScript', async () => {
    const page = await counted(mapping({ projectId: project._id }))
    expect(page.status).toBe(200)
    expect(page.text).toContain('Block A')
    expect(page.calls).toEqual([`GET /api/projects/${project._id}/mapping`])
    expect(page.sessions).toBe(1)
    const data = await counted(dataOf(mapping({ projectId: project._id })))
    expect(data.status).toBe(200)
    expect(data.calls).toEqual([`GET /api/projects/${project._id}/mapping`])
    expect(data.sessions).toBe(1)
  })

  test('with Assign Users open without JavaScript, a search carrying ticked users included: still one call', async () => {
    const key = assignKey(instanceOf(card, 'Block A'), plan.engineer, [plan.t[0]!._id])
    const opened = await counted(mapping({ projectId: project._id, assign: key }))
    expect(opened.status).toBe(200)
    expect(opened.text).toContain('Search Users')
    expect(opened.calls).toEqual([`GET /api/projects/${project._id}/mapping`])
    const searched = await counted(mapping([['projectId', project._id], ['assign', key], ['q', 'Person'], ['picked', '1'], ['userIds', plan.engineer]]))
    expect(searched.status).toBe(200)
    expect(searched.calls).toEqual([`GET /api/projects/${project._id}/mapping`])
  })

  test('no project chosen: the project list alone', async () => {
    const page = await counted('/user-entity-mapping')
    expect(page.status).toBe(200)
    expect(page.calls).toEqual(['GET /api/projects'])
  })

  test("the popover's search: one call (GET /api/projects/{id}/mapping/candidates), answering the candidates alone", async () => {
    const key = assignKey(instanceOf(card, 'Block A'), plan.engineer, [plan.t[0]!._id])
    const search = await counted(`/user-entity-mapping/candidates?${new URLSearchParams({ projectId: project._id, key, q: 'Person' })}`)
    expect(search.status).toBe(200)
    expect(search.calls).toEqual([`GET /api/projects/${project._id}/mapping/candidates`])
    const answer = JSON.parse(search.text) as { key: string; candidates: { label: string }[] }
    expect(answer.key).toBe(key)
    expect(answer.candidates.map((person) => person.label)).toEqual(expect.arrayContaining(['Person 0', 'Person 1', 'Person 2']))
    expect(Object.keys(answer)).toEqual(['key', 'candidates'])
  })
})

describe('a Project Resource Planning post costs at most two calls', () => {
  const page = () => `/project-resource-planning?${new URLSearchParams({ projectId: project._id })}`
  const PAGE_ROUTES = ['root', 'routes/_app']
  /** The page form as posted: the choices applied and wanted, Number, the card as saved, and the intent. */
  const form = (intent: string, wanted: { categoryId?: string; entityId?: string; typeId?: string } = {}, names = ['Block A', 'Block B']): [string, string][] => [
    ['intent', intent],
    ['current.projectId', project._id],
    ['current.categoryId', ''],
    ['current.entityId', ''],
    ['current.typeId', ''],
    ['projectId', project._id],
    ['categoryId', wanted.categoryId ?? ''],
    ['entityId', wanted.entityId ?? ''],
    ['typeId', wanted.typeId ?? ''],
    ['number', '1'],
    [cardField.key(0), `${plan.category._id}/${plan.tower._id}/${plan.towerType._id}`],
    [cardField.number(0), String(names.length)],
    ...names.flatMap((name, at): [string, string][] => [
      [cardField.name(0, at), name],
      [cardField.id(0, at), card.names.find((entry) => entry.name === name)?.projectEntityId ?? ''],
    ]),
  ]
  const read = () => `GET /api/projects/${project._id}/planning`
  const write = () => `PUT /api/projects/${project._id}/plan`
  // Made when run: the plan exists only once beforeAll has run. Each with the calls it makes, and what its answer shows.
  const posts: [string, () => [string, string][], () => string[], () => string][] = [
    ['a choice (update)', () => form('update', { categoryId: plan.category._id }), () => [read()], () => 'Site'],
    ['Add', () => form('add', { categoryId: plan.category._id, entityId: plan.site._id, typeId: plan.siteType._id }), () => [read()], () => plan.siteType.typeName],
    ['removing a saved card', () => form('remove:0'), () => [read()], () => 'No cards added yet.'],
    ['Save', () => form('save', {}, ['Block A', 'Block C']), () => [read(), write()], () => ''],
  ]

  test('the page: one call (GET /api/projects/{id}/planning)', async () => {
    const answer = await counted(page())
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('Block A')
    expect(answer.calls).toEqual([read()])
    expect(answer.sessions).toBe(1)
  })

  test.each(posts)('%s without JavaScript: the action and the page it answers, at most two', async (_name, body, made, shown) => {
    const answer = await counted(page(), { form: body() })
    expect(answer.calls).toEqual(made())
    expect(answer.calls.length).toBeLessThanOrEqual(2)
    if (made().includes(write())) {
      // Saved: to the page, whose GET is its own (counted above as a page).
      expect(answer.status).toBe(302)
      expect(answer.location).toContain('notice=saved')
    } else {
      expect(answer.status).toBe(200)
      expect(answer.text).toContain(shown())
    }
  })

  test.each(posts)('%s with JavaScript: the action, and a revalidation that asks the session alone, at most two', async (_name, body, made) => {
    const action = await counted(dataOf(page()), { form: body() })
    expect([200, 202, 204]).toContain(action.status)
    // The page's own loader is not asked again (its shouldRevalidate): the action's answer carries what changed.
    const revalidation = await counted(dataOf(page(), PAGE_ROUTES))
    expect(revalidation.status).toBe(200)
    expect(revalidation.calls).toEqual([])
    expect(action.calls).toEqual(made())
    expect(action.calls.length).toBeLessThanOrEqual(2)
  })
})
