import { templateItem } from './support/admin-api'
import { expect, test as base, type ApiCall, type Locator, type Page, type Unique } from './support/fixtures'
import { isNoJs, ownOrigin } from './support/session'

const PATH = '/project-cluster-timelines'
const SAVED_CREATED = 'Dates saved (created) for this cluster.'
const SAVED_CHANGED = 'Cluster dates saved successfully!'

interface Ref {
  _id: string
  name: string
}
interface TimelineRow {
  clusterId: string
  clusterName: string
  startDate: string | null
  endDate: string | null
  default: 'created' | null
}

/**
 * A plan of its own for each test, made through the API: a category with the entity types Site
 * (clusters North 2027-03-31 → 2027-09-30 and South 2027-05-15 → none) and Tower (Crane
 * 2027-01-10 → 2027-06-30 and Lift without dates); a planning type of Site with its template; a
 * project with a saved card of it, and a second project without cards.
 */
async function setUp(call: ApiCall, unique: Unique, siteName = 'Site') {
  const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body })
  const category = await post<Ref>('/api/categories', { name: unique('Category') })
  const site = await post<Ref>('/api/entities', { name: siteName, categoryId: category._id })
  const tower = await post<Ref>('/api/entities', { name: 'Tower', categoryId: category._id })
  const cluster = async (entity: Ref, prefix: string, dates?: { startDate: string | null; endDate: string | null }) => {
    const created = await post<Ref>('/api/clusters', { category: category._id, entityType: entity._id, name: unique(prefix), description: null })
    if (dates) await call(`/api/clusters/${created._id}`, { method: 'PUT', body: dates })
    return created
  }
  const north = await cluster(site, 'North', { startDate: '2027-03-31', endDate: '2027-09-30' })
  const south = await cluster(site, 'South', { startDate: '2027-05-15', endDate: null })
  const crane = await cluster(tower, 'Crane', { startDate: '2027-01-10', endDate: '2027-06-30' })
  const lift = await cluster(tower, 'Lift')
  const role = await post<Ref>('/roles', { name: unique('Surveyor'), permissions: ['view'] })
  const planning = await post<{ _id: string; typeName: string }>('/api/planning', {
    categoryId: category._id,
    entityId: site._id,
    typeName: unique('Type'),
    roleClusters: [{ roleId: role._id, clusters: [north._id, south._id] }],
  })
  await post('/api/resource-planning-templates', {
    categoryId: category._id,
    entityId: site._id,
    planningId: planning._id,
    roleClusters: [{ roleId: role._id, clusters: [templateItem(north._id, 3), templateItem(south._id, 2)] }],
  })
  const project = await post<Ref>('/api/projects', { name: unique('Project') })
  const other = await post<Ref>('/api/projects', { name: unique('Other project') })
  await post('/api/project-resource-instances', { projectId: project._id, categoryId: category._id, entityId: site._id, typeId: planning._id, number: 1, names: ['Block A'] })
  return { call, category, site, tower, north, south, crane, lift, project, other }
}

const timelineUrl = (project: Ref, category: Ref, entity: Ref) =>
  `${PATH}?${new URLSearchParams({ projectId: project._id, categoryId: category._id, entityTypeId: entity._id })}`
const timelineOf = (call: ApiCall, project: Ref, entity: Ref) =>
  call<TimelineRow[]>(`/api/timelines/by-project-selection?${new URLSearchParams({ projectId: project._id, entityTypeId: entity._id })}`)

const test = base.extend<{ plan: Awaited<ReturnType<typeof setUp>> }>({
  plan: async ({ adminApi, unique }, provide) => provide(await setUp(adminApi, unique)),
})

const table = (page: Page) => page.getByRole('region', { name: 'Cluster timelines' }).getByRole('table')
const rowOf = (page: Page, cluster: Ref) => table(page).getByRole('row').filter({ has: page.getByRole('rowheader').filter({ hasText: cluster.name }) })
const startOf = (row: Locator) => row.getByLabel('Start date')
const endOf = (row: Locator) => row.getByLabel('End date')
const createdBadge = (row: Locator) => row.getByRole('rowheader').getByText('created', { exact: true })
const select = (page: Page, name: 'Project' | 'Category' | 'Entity type') => page.getByRole('combobox', { name, exact: true })

/** Picks an option; with JavaScript the page applies it on change, without it on Apply. */
async function pick(page: Page, name: 'Project' | 'Category' | 'Entity type', label: string) {
  const chosen = select(page, name)
  await chosen.selectOption({ label })
  if (isNoJs()) await page.getByRole('button', { name: 'Apply' }).click()
  const value = await page.getByRole('combobox', { name, exact: true }).getByRole('option', { name: label, exact: true }).getAttribute('value')
  await expect(page).toHaveURL(new RegExp(`[?&]${name === 'Project' ? 'projectId' : name === 'Category' ? 'categoryId' : 'entityTypeId'}=${value}`))
}

/** Presses the row's Save and waits for its answer to show. */
async function save(page: Page, row: Locator, expected: string | RegExp) {
  await row.getByRole('button', { name: 'Save' }).click()
  await expect(table(page).getByText(expected)).toBeVisible()
}

test.describe('Project Cluster Timelines', () => {
  test("a Site cluster's dates save per row: the first save creates them with a 'created' badge, the next one changes them", async ({ page, plan, open }) => {
    const url = timelineUrl(plan.project, plan.category, plan.site)
    await open(url)
    await expect(table(page).getByRole('columnheader')).toHaveText(['Cluster', 'Start date', 'End date', 'Save'])
    const north = rowOf(page, plan.north)
    await expect(startOf(north)).toHaveValue('2027-03-31')
    await expect(endOf(north)).toHaveValue('2027-09-30')
    await expect(startOf(rowOf(page, plan.south))).toHaveValue('2027-05-15')
    await expect(endOf(rowOf(page, plan.south))).toHaveValue('')
    await expect(createdBadge(north)).toHaveCount(0)

    await startOf(north).fill('2027-02-10')
    await save(page, north, SAVED_CREATED)
    await expect(createdBadge(north)).toBeVisible()
    await expect(createdBadge(rowOf(page, plan.south))).toHaveCount(0)
    await expect(startOf(north)).toHaveValue('2027-02-10')

    await endOf(north).fill('2027-10-31')
    await save(page, north, SAVED_CHANGED)
    await expect(createdBadge(north)).toBeVisible()

    // Saved for this project only: the page shows them again, another project keeps the cluster's own dates.
    await page.goto(url)
    await expect(startOf(rowOf(page, plan.north))).toHaveValue('2027-02-10')
    await expect(endOf(rowOf(page, plan.north))).toHaveValue('2027-10-31')
    await expect(createdBadge(rowOf(page, plan.north))).toBeVisible()
    await page.goto(timelineUrl(plan.other, plan.category, plan.site))
    await expect(startOf(rowOf(page, plan.north))).toHaveValue('2027-03-31')
    await expect(endOf(rowOf(page, plan.north))).toHaveValue('2027-09-30')
    await expect(createdBadge(rowOf(page, plan.north))).toHaveCount(0)
  })

  test('a date can be cleared: an empty input saves no date', async ({ page, plan, open }) => {
    const url = timelineUrl(plan.project, plan.category, plan.site)
    await open(url)
    const south = rowOf(page, plan.south)
    await startOf(south).fill('')
    await save(page, south, SAVED_CREATED)
    await expect(startOf(south)).toHaveValue('')
    await expect(createdBadge(south)).toBeVisible()

    await page.goto(url)
    await expect(startOf(rowOf(page, plan.south))).toHaveValue('')
    await expect(endOf(rowOf(page, plan.south))).toHaveValue('')
    const saved = (await timelineOf(plan.call, plan.project, plan.site)).find((row) => row.clusterId === plan.south._id)
    expect(saved).toMatchObject({ startDate: null, endDate: null, default: 'created' })
  })

  test("an end date before the start date shows the server's message and saves nothing", async ({ page, plan, open }) => {
    const url = timelineUrl(plan.project, plan.category, plan.site)
    await open(url)
    const north = rowOf(page, plan.north)
    await endOf(north).fill('2027-01-01')
    await north.getByRole('button', { name: 'Save' }).click()
    await expect(table(page).getByRole('alert')).toContainText('End date cannot be before start date')
    // What was typed stays, so it can be corrected.
    await expect(endOf(north)).toHaveValue('2027-01-01')
    await expect(createdBadge(north)).toHaveCount(0)

    await page.goto(url)
    await expect(endOf(rowOf(page, plan.north))).toHaveValue('2027-09-30')
    expect((await timelineOf(plan.call, plan.project, plan.site)).every((row) => row.default === null)).toBe(true)
  })

  test("another entity type's dates are read-only, in en-US form, 'Not provided' when missing", async ({ page, plan, open }) => {
    await open(timelineUrl(plan.project, plan.category, plan.tower))
    await expect(table(page).getByRole('columnheader')).toHaveText(['Cluster', 'Start date', 'End date'])
    await expect(rowOf(page, plan.crane).getByRole('cell')).toHaveText(['1/10/2027', '6/30/2027'])
    await expect(rowOf(page, plan.lift).getByRole('cell')).toHaveText(['Not provided', 'Not provided'])
    await expect(table(page).locator('input')).toHaveCount(0)
    await expect(table(page).getByRole('button', { name: 'Save' })).toHaveCount(0)
  })

  test("an entity type without clusters shows 'No data'", async ({ page, plan, open }) => {
    const villa = await plan.call<Ref>('/api/entities', { method: 'POST', body: { name: 'Villa', categoryId: plan.category._id } })
    await open(timelineUrl(plan.project, plan.category, villa))
    await expect(table(page).getByRole('cell')).toHaveText(['No data'])
  })

  test('choosing a project, a category and an entity type shows its table; a new project resets category and entity type, a new category the entity type', async ({ page, plan, open, unique }) => {
    const second = await plan.call<Ref>('/api/categories', { method: 'POST', body: { name: unique('Category') } })
    await open(PATH)
    await expect(select(page, 'Category')).toBeDisabled()
    await expect(select(page, 'Entity type')).toBeDisabled()
    await expect(table(page)).toHaveCount(0)

    await pick(page, 'Project', plan.project.name)
    await pick(page, 'Category', plan.category.name)
    await expect(select(page, 'Entity type').getByRole('option')).toHaveText(['Select entity type', 'Site', 'Tower'])
    await pick(page, 'Entity type', 'Site')
    await expect(startOf(rowOf(page, plan.north))).toHaveValue('2027-03-31')

    await pick(page, 'Category', second.name)
    await expect(select(page, 'Entity type')).toHaveValue('')
    await expect(select(page, 'Entity type').getByRole('option')).toHaveText(['Select entity type'])
    await expect(table(page)).toHaveCount(0)

    await pick(page, 'Category', plan.category.name)
    await pick(page, 'Entity type', 'Tower')
    await expect(rowOf(page, plan.crane)).toBeVisible()
    await pick(page, 'Project', plan.other.name)
    await expect(select(page, 'Category')).toHaveValue('')
    await expect(select(page, 'Entity type')).toHaveValue('')
    await expect(select(page, 'Entity type')).toBeDisabled()
    await expect(table(page)).toHaveCount(0)
  })

  test("a project's global category is fixed, and an entity type named 'SITE' is the Site type (any case)", async ({ page, open, adminApi: call, unique }) => {
    const plan = await setUp(call, unique, 'SITE')
    const fixed = await plan.call<Ref>('/api/projects', { method: 'POST', body: { name: unique('Fixed project'), globalCategory: plan.category._id } })
    await open(`${PATH}?${new URLSearchParams({ projectId: fixed._id })}`)
    await expect(select(page, 'Category')).toBeDisabled()
    await expect(select(page, 'Category')).toHaveValue(plan.category._id)
    await expect(select(page, 'Category').getByRole('option')).toHaveText(['Select category', plan.category.name])
    await expect(page.getByText(`Category fixed by project: ${plan.category.name}`)).toBeVisible()

    await pick(page, 'Entity type', 'SITE')
    await expect(page).toHaveURL(new RegExp(`categoryId=${plan.category._id}`))
    const north = rowOf(page, plan.north)
    await startOf(north).fill('2027-04-01')
    await save(page, north, SAVED_CREATED)
    await expect(createdBadge(north)).toBeVisible()
  })

  test('without the edit permission the Site dates are read-only, and a save posted anyway is refused', async ({ page, plan, open, viewer }) => {
    const url = timelineUrl(plan.project, plan.category, plan.site)
    await open(url, viewer)
    await expect(rowOf(page, plan.north).getByRole('cell')).toHaveText(['3/31/2027', '9/30/2027'])
    await expect(rowOf(page, plan.south).getByRole('cell')).toHaveText(['5/15/2027', 'Not provided'])
    await expect(table(page).locator('input')).toHaveCount(0)
    await expect(table(page).getByRole('button', { name: 'Save' })).toHaveCount(0)

    const response = await page.request.post(url, {
      form: { projectId: plan.project._id, categoryId: plan.category._id, entityId: plan.site._id, clusterId: plan.north._id, startDate: '2027-01-01', endDate: '' },
      headers: { origin: ownOrigin() },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(403)
    expect((await timelineOf(plan.call, plan.project, plan.site)).find((row) => row.clusterId === plan.north._id)?.startDate).toBe('2027-03-31')
  })

  test("with JavaScript, 'Loading...' shows while a new choice's table loads", async ({ page, open, adminApi, unique, holdLoader }) => {
    const noJs = isNoJs()
    test.skip(noJs, 'Without JavaScript the browser loads the whole new page; there is no in-page loading state.')
    const plan = await setUp(adminApi, unique)
    await open(`${PATH}?${new URLSearchParams({ projectId: plan.project._id, categoryId: plan.category._id })}`)
    const release = await holdLoader(PATH)
    await select(page, 'Entity type').selectOption({ label: 'Site' })
    await expect(table(page).getByRole('status')).toHaveText('Loading...')
    release()
    await expect(startOf(rowOf(page, plan.north))).toHaveValue('2027-03-31')
    await expect(page.getByText('Loading...')).toHaveCount(0)
  })
})
