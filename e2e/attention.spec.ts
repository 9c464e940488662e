import AxeBuilder from '@axe-core/playwright'
import { addDays } from '#domain/schedule/calendar'
import { formatDate } from '#domain/dates'
import { templateItem } from './support/admin-api'
import { expect, test as base, type AdminSession, type Page, type Unique } from './support/fixtures'
import { withoutJavaScript } from './support/session'
import { createVerifiedUser } from './support/users'

interface Ref {
  _id: string
  name: string
}

/**
 * "Tell the truth at a glance" (issue 29), with a plan of each test's own dated from today (the
 * server's clock): a role planned on Late (from 20 days ago: its hire-by date passed 50 days ago, 3
 * people a project), Old (ended 60 days ago), Hand 1 then Hand 2 (Hand 1 ends the day Hand 2
 * starts) and No dates (4 people a project, no dates), in two projects of one instance each.
 * Worker A is on Old in both projects: a conflict that has ended. Worker B is on Hand 1 and Hand 2:
 * a hand-over.
 */
const today = () => new Date().toISOString().slice(0, 10)

async function setUp(admin: AdminSession, unique: Unique) {
  const { call } = admin
  const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body })
  const category = await post<Ref>('/api/categories', { name: unique('Category') })
  const entity = await post<Ref>('/api/entities', { name: unique('Works'), categoryId: category._id })
  const cluster = async (prefix: string, from?: number, to?: number) => {
    const created = await post<Ref>('/api/clusters', { category: category._id, entityType: entity._id, name: unique(prefix), description: null })
    if (from !== undefined && to !== undefined) await call(`/api/clusters/${created._id}`, { method: 'PUT', body: { startDate: addDays(today(), from), endDate: addDays(today(), to) } })
    return created
  }
  const late = await cluster('Late', -20, 40)
  const old = await cluster('Old', -120, -60)
  const hand1 = await cluster('Hand 1', 10, 20)
  const hand2 = await cluster('Hand 2', 20, 30)
  const undated = await cluster('No dates')
  const role = await post<Ref>('/roles', { name: unique('Rigger'), permissions: ['view'] })
  const all = [late, old, hand1, hand2, undated]
  const planning = await post<{ _id: string }>('/api/planning', { categoryId: category._id, entityId: entity._id, typeName: unique('Type'), roleClusters: [{ roleId: role._id, clusters: all.map((row) => row._id) }] })
  await post('/api/resource-planning-templates', {
    categoryId: category._id,
    entityId: entity._id,
    planningId: planning._id,
    roleClusters: [{ roleId: role._id, clusters: [templateItem(late._id, 3), templateItem(old._id, 1), templateItem(hand1._id, 1), templateItem(hand2._id, 1), templateItem(undated._id, 4)] }],
  })
  const project = async (prefix: string) => {
    const created = await post<Ref>('/api/projects', { name: unique(prefix) })
    const card = await post<{ names: { projectEntityId: string }[] }>('/api/project-resource-instances', { projectId: created._id, categoryId: category._id, entityId: entity._id, typeId: planning._id, number: 1, names: ['Bay'] })
    return { ...created, instance: card.names[0]!.projectEntityId }
  }
  const north = await project('North Yard')
  const south = await project('South Yard')
  const [a, b] = [await createVerifiedUser(), await createVerifiedUser()]
  const [aId, bId] = [await admin.userIdOf(a.email), await admin.userIdOf(b.email)]
  const tag = (target: typeof north, clusterId: string, userId: string) =>
    post('/api/project-entity-user-mappings/replace', { projectId: target._id, projectEntityId: target.instance, roleId: role._id, clusterIds: [clusterId], userIds: [userId] })
  await tag(north, old._id, aId)
  await tag(south, old._id, aId)
  await tag(north, hand1._id, bId)
  await tag(north, hand2._id, bId)
  return { role, hand1, hand2, north, a, b }
}

const test = base.extend<{ plan: Awaited<ReturnType<typeof setUp>> }>({
  plan: async ({ admin, unique }, provide) => provide(await setUp(admin, unique)),
})

/** The figure before "hires overdue" in a text, 0 when there is none. */
const overdueIn = async (page: Page, region: string) => {
  const text = (await page.getByRole('region', { name: region }).textContent()) ?? ''
  return Number(/(\d+) hires? overdue/.exec(text)?.[1] ?? 0)
}

test.describe('the Attention strip', () => {
  test("the dashboard's overdue count equals the queue's, and leads to it", async ({ page, plan, open }) => {
    void plan
    await open('/dashboard')
    const strip = page.getByRole('region', { name: 'Attention' })
    await expect(strip.getByRole('link', { name: /\d+ hires? overdue/ })).toBeVisible()
    // Other tests write plans at the same time: read both again until one moment agrees.
    await expect(async () => {
      await page.goto('/dashboard')
      const dashboard = await overdueIn(page, 'Attention')
      await page.goto('/capacity')
      expect(await overdueIn(page, 'Hire-by queue')).toBe(dashboard)
      expect(dashboard).toBeGreaterThan(0)
    }).toPass({ timeout: 60_000 })
    await page.goto('/dashboard')
    // Late hires are the dashboard's first next hires, never "Nobody to hire".
    const planning = page.getByRole('region', { name: 'Planning' })
    await expect(planning.getByText('Nobody to hire.')).toHaveCount(0)
    await expect(planning.getByRole('listitem').first()).toContainText('days late')
    await page.getByRole('region', { name: 'Attention' }).getByRole('link', { name: /hires? overdue/ }).click()
    await expect(page).toHaveURL(/\/capacity#hire-queue$/)
    await expect(page.getByRole('region', { name: 'Hire-by queue' })).toContainText('days late')
  })

  test('Capacity shows the requirement of clusters without dates in a "No dates" column, and the strip counts it', async ({ page, plan, open }) => {
    await open(`/capacity?roleId=${plan.role._id}`)
    const grid = page.getByRole('table', { name: /^Gap per role and month/ })
    await expect(grid.getByRole('columnheader', { name: 'No dates' })).toBeVisible()
    // 4 people a project on No dates, two projects, nobody tagged.
    await expect(grid.getByRole('row', { name: new RegExp(plan.role.name) }).getByRole('cell').first()).toHaveText('8 (8 needed · 0 tagged)')
    const needDates = page.getByRole('region', { name: 'Attention' }).getByRole('link', { name: /\d+ (people need|person needs) dates/ })
    await expect(needDates).toBeVisible()
    await needDates.click()
    await expect(page).toHaveURL(/\/project-cluster-timelines$/)
  })

  test('the Schedule has the strip on top', async ({ page, plan, open }) => {
    void plan
    await open('/schedule')
    await expect(page.getByRole('region', { name: 'Attention' }).getByRole('link', { name: /hires? overdue/ })).toBeVisible()
  })
})

test.describe('Conflicts', () => {
  test('a conflict that has ended is not counted: it is behind "Show past conflicts", not among the upcoming', async ({ page, plan, open }) => {
    await open('/conflicts')
    const upcoming = page.getByRole('region', { name: 'Upcoming conflicts' })
    await expect(upcoming.getByRole('heading', { level: 2 })).toBeVisible()
    await expect(upcoming.getByRole('region', { name: plan.a.email })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Past conflicts' }).getByRole('region', { name: plan.a.email })).toHaveCount(0)
    await page.getByRole('link', { name: 'Show past conflicts' }).click()
    await expect(page).toHaveURL(/\/conflicts\?past=1$/)
    const past = page.getByRole('region', { name: 'Past conflicts' }).getByRole('region', { name: plan.a.email })
    await expect(past.getByRole('row')).toHaveCount(3)
    // Each line leads to where it is fixed: the cluster's row in User Entity Mapping.
    await expect(past.getByRole('link', { name: /change the tags in User Entity Mapping/ }).first()).toHaveAttribute('href', /^\/user-entity-mapping\?projectId=.*#tags-/)
    // The dashboard counts people in conflict as the upcoming list has them.
    await expect(async () => {
      await page.goto('/dashboard')
      const counted = Number(await page.getByRole('region', { name: 'Planning' }).getByRole('link', { name: /^\d+$/ }).textContent())
      await page.goto('/conflicts')
      await expect(page.getByRole('region', { name: 'Upcoming conflicts' }).locator('section')).toHaveCount(counted, { timeout: 1000 })
    }).toPass({ timeout: 60_000 })
  })

  test('a hand-over (one assignment ends the day the next starts) is shown apart, not as a conflict', async ({ page, plan, open }) => {
    await open('/conflicts')
    const handOvers = page.getByRole('region', { name: 'Hand-overs' })
    const row = handOvers.getByRole('row', { name: new RegExp(plan.b.email) })
    await expect(row).toContainText(formatDate(addDays(today(), 20))!)
    await expect(row).toContainText(plan.hand1.name)
    await expect(row).toContainText(plan.hand2.name)
    await expect(page.getByRole('region', { name: 'Upcoming conflicts' }).getByRole('region', { name: plan.b.email })).toHaveCount(0)
  })
})

test.describe('accessibility', () => {
  test.skip(withoutJavaScript, 'axe needs scripts; e2e/accessibility.spec.ts checks the server-rendered markup of these screens')
  for (const path of ['/dashboard', '/capacity', '/conflicts?past=1', '/schedule']) {
    test(`${path} with the strip has no serious accessibility violation`, async ({ page, plan, open }) => {
      void plan
      await open(path)
      const { violations } = await new AxeBuilder({ page }).analyze()
      const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
      expect(serious).toEqual([])
    })
  }
})
