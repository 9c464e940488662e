import { templateItem } from './support/admin-api'
import { expect, test as base, type ApiCall, type Locator, type Page, type Unique } from './support/fixtures'

const PATH = '/role-project-clusters'

interface Ref {
  _id: string
  name: string
}

/**
 * A plan of its own for each test, made through the API (the seed has roles and projects of its
 * own, so the test finds its rows by their unique names):
 * - a category with the entity types Site (clusters North from 2027-03-31, South from 2027-05-15,
 *   West without dates) and Tower (cluster Crane, an interchange source);
 * - roles Surveyor and Rigger planned by one planning type of Site, and Idle planned by nothing;
 * - its template: Surveyor North 4 (1 of them interchanged from Tower / Crane), South 2;
 *   Rigger South 3, West 1;
 * - project Alpha with a card of 2 instances, project Beta with a card of 1.
 *
 * By hand, Requirement (total) = planned people × instances:
 * - Surveyor: Alpha North 8, South 4 (12); Beta North 4, South 2 (6); role total 18.
 * - Rigger: Alpha South 6, West 2 (8); Beta South 3, West 1 (4); role total 12.
 */
async function setUp(call: ApiCall, unique: Unique) {
  const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body })
  const category = await post<Ref>('/api/categories', { name: unique('Category') })
  const site = await post<Ref>('/api/entities', { name: 'Site', categoryId: category._id })
  const tower = await post<Ref>('/api/entities', { name: 'Tower', categoryId: category._id })
  const cluster = async (entity: Ref, prefix: string, startDate?: string) => {
    const created = await post<Ref>('/api/clusters', { category: category._id, entityType: entity._id, name: unique(prefix), description: null })
    if (startDate) await call(`/api/clusters/${created._id}`, { method: 'PUT', body: { startDate, endDate: null } })
    return created
  }
  const north = await cluster(site, 'North', '2027-03-31')
  const south = await cluster(site, 'South', '2027-05-15')
  const west = await cluster(site, 'West')
  const crane = await cluster(tower, 'Crane', '2027-01-10')
  const role = (prefix: string) => post<Ref>('/roles', { name: unique(prefix), permissions: ['view'] })
  const surveyor = await role('Surveyor')
  const rigger = await role('Rigger')
  const idle = await role('Idle')
  const planning = await post<{ _id: string }>('/api/planning', {
    categoryId: category._id,
    entityId: site._id,
    typeName: unique('Type'),
    roleClusters: [
      { roleId: surveyor._id, clusters: [north._id, south._id] },
      { roleId: rigger._id, clusters: [south._id, west._id] },
    ],
  })
  await post('/api/resource-planning-templates', {
    categoryId: category._id,
    entityId: site._id,
    planningId: planning._id,
    roleClusters: [
      { roleId: surveyor._id, clusters: [templateItem(north._id, 4, { people: 1, entityId: tower._id, clusterId: crane._id }), templateItem(south._id, 2)] },
      { roleId: rigger._id, clusters: [templateItem(south._id, 3), templateItem(west._id, 1)] },
    ],
  })
  const project = async (prefix: string, names: string[]) => {
    const created = await post<Ref>('/api/projects', { name: unique(prefix) })
    await post('/api/project-resource-instances', { projectId: created._id, categoryId: category._id, entityId: site._id, typeId: planning._id, number: names.length, names })
    return created
  }
  const alpha = await project('Alpha', ['Block A', 'Block B'])
  const beta = await project('Beta', ['Block C'])
  return { call, category, site, north, south, west, surveyor, rigger, idle, alpha, beta }
}

const test = base.extend<{ plan: Awaited<ReturnType<typeof setUp>> }>({
  plan: async ({ adminApi, unique }, provide) => provide(await setUp(adminApi, unique)),
})

/** A role or a project: a disclosure named by its name. */
const roleItem = (page: Page, role: Ref) => page.getByRole('group', { name: role.name, exact: true })
const projectItem = (role: Locator, project: Ref) => role.getByRole('group', { name: project.name, exact: true })
const summaryOf = (item: Locator) => item.locator(':scope > summary')
async function expand(item: Locator) {
  await summaryOf(item).click()
  await expect(item).toHaveAttribute('open', '')
}
const clusterRow = (project: Locator, cluster: Ref) => project.getByRole('row').filter({ has: project.page().getByRole('rowheader', { name: cluster.name, exact: true }) })

test.describe('Roles, Projects, Clusters', () => {
  test('roles start collapsed; each role, then each project, opens to its counts, totals, earliest start and cluster table', async ({ page, plan, open }) => {
    await open(PATH)
    const surveyor = roleItem(page, plan.surveyor)
    await expect(surveyor).not.toHaveAttribute('open')
    await expect(summaryOf(surveyor)).toContainText('2 projects')
    await expect(summaryOf(surveyor)).toContainText('Total requirement: 18')
    await expect(surveyor.getByText(plan.alpha.name)).toBeHidden()

    await expand(surveyor)
    const alpha = projectItem(surveyor, plan.alpha)
    await expect(alpha).not.toHaveAttribute('open')
    await expect(summaryOf(alpha)).toContainText('2 clusters')
    await expect(summaryOf(alpha)).toContainText('Total requirement: 12')
    await expect(summaryOf(alpha)).toContainText('Earliest start: 3/31/2027')
    await expect(summaryOf(projectItem(surveyor, plan.beta))).toContainText('Total requirement: 6')

    await expand(alpha)
    await expect(alpha.getByRole('columnheader')).toHaveText(['Cluster', 'Requirement (total)', 'Start date', 'Deployed By'])
    await expect(clusterRow(alpha, plan.north).getByRole('cell')).toHaveText(['8', '3/31/2027', '2/28/2027'])
    await expect(clusterRow(alpha, plan.south).getByRole('cell')).toHaveText(['4', '5/15/2027', '4/15/2027'])

    const rigger = roleItem(page, plan.rigger)
    await expect(summaryOf(rigger)).toContainText('Total requirement: 12')
    await expand(rigger)
    const riggerBeta = projectItem(rigger, plan.beta)
    await expect(summaryOf(riggerBeta)).toContainText('Total requirement: 4')
    await expand(riggerBeta)
    await expect(clusterRow(riggerBeta, plan.south).getByRole('cell')).toHaveText(['3', '5/15/2027', '4/15/2027'])
    await expect(clusterRow(riggerBeta, plan.west).getByRole('cell')).toHaveText(['1', 'Not provided', 'Not provided'])
  })

  test("a role no project plans reads 'No projects for this role'", async ({ page, plan, open }) => {
    await open(PATH)
    const idle = roleItem(page, plan.idle)
    await expect(summaryOf(idle)).toContainText('0 projects')
    await expect(summaryOf(idle)).toContainText('Total requirement: 0')
    await expand(idle)
    await expect(idle.getByText('No projects for this role', { exact: true })).toBeVisible()
  })

  test("a project's Site override moves that project's start and Deployed By, and only that project's", async ({ page, plan, open }) => {
    await plan.call('/api/timelines/site-overrides', {
      method: 'PUT',
      body: { projectId: plan.alpha._id, categoryId: plan.category._id, entityId: plan.site._id, clusterId: plan.north._id, startDate: '2027-02-10', endDate: null },
    })
    await open(PATH)
    const surveyor = roleItem(page, plan.surveyor)
    await expand(surveyor)
    const alpha = projectItem(surveyor, plan.alpha)
    await expect(summaryOf(alpha)).toContainText('Earliest start: 2/10/2027')
    await expand(alpha)
    await expect(clusterRow(alpha, plan.north).getByRole('cell')).toHaveText(['8', '2/10/2027', '1/10/2027'])
    const beta = projectItem(surveyor, plan.beta)
    await expand(beta)
    await expect(summaryOf(beta)).toContainText('Earliest start: 3/31/2027')
    await expect(clusterRow(beta, plan.north).getByRole('cell')).toHaveText(['4', '3/31/2027', '2/28/2027'])
  })
})
