import { templateItem } from './support/admin-api'
import { expect, test as base, type AdminSession, type Page, type Unique } from './support/fixtures'

interface Ref {
  _id: string
  name: string
}

/**
 * The timeline's window (issue 28), with JavaScript on and off: the chart draws at most three
 * years, Earlier and Later move it a year (GET parameters), and the clusters outside it are listed
 * with a link that moves the window to them. A project of each test's own: Dig 3/1/2060–4/15/2060
 * (Deployed By 2/1/2060) and Pour 1/1/2066–2/1/2066 (Deployed By 12/1/2065), one role planned on
 * both, one instance. Six years apart, they do not fit one window: as long as today lies before
 * them, the window opens at the project's first month, Feb 2060, and runs to Jan 2063.
 */
async function setUp(admin: AdminSession, unique: Unique) {
  const { call } = admin
  const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body })
  const category = await post<Ref>('/api/categories', { name: unique('Category') })
  const entity = await post<Ref>('/api/entities', { name: unique('Works'), categoryId: category._id })
  const cluster = async (prefix: string, startDate: string, endDate: string) => {
    const created = await post<Ref>('/api/clusters', { category: category._id, entityType: entity._id, name: unique(prefix), description: null })
    await call(`/api/clusters/${created._id}`, { method: 'PUT', body: { startDate, endDate } })
    return created
  }
  const dig = await cluster('Dig', '2060-03-01', '2060-04-15')
  const pour = await cluster('Pour', '2066-01-01', '2066-02-01')
  const role = await post<Ref>('/roles', { name: unique('Rigger'), permissions: ['view'] })
  const planning = await post<{ _id: string }>('/api/planning', { categoryId: category._id, entityId: entity._id, typeName: unique('Type'), roleClusters: [{ roleId: role._id, clusters: [dig._id, pour._id] }] })
  await post('/api/resource-planning-templates', {
    categoryId: category._id,
    entityId: entity._id,
    planningId: planning._id,
    roleClusters: [{ roleId: role._id, clusters: [templateItem(dig._id, 3), templateItem(pour._id, 2)] }],
  })
  const project = await post<Ref>('/api/projects', { name: unique('Far Yard') })
  await post('/api/project-resource-instances', { projectId: project._id, categoryId: category._id, entityId: entity._id, typeId: planning._id, number: 1, names: ['Bay 1'] })
  const setDates = (target: Ref, startDate: string, endDate: string) => call(`/api/clusters/${target._id}`, { method: 'PUT', body: { startDate, endDate } })
  return { dig, pour, role, project, setDates }
}

const test = base.extend<{ plan: Awaited<ReturnType<typeof setUp>> }>({
  plan: async ({ admin, unique }, provide) => provide(await setUp(admin, unique)),
})

const windowNav = (page: Page) => page.getByRole('navigation', { name: 'Timeline window' })
const outside = (page: Page) => page.getByRole('region', { name: 'Outside this window' })
const chartOf = (page: Page, project: Ref, bars: number) =>
  page.getByRole('img', { name: `Timeline of ${project.name}: ${bars} cluster ${bars === 1 ? 'bar' : 'bars'}; the table view lists them` })

test.describe('Timeline window', () => {
  test('the chart draws three years around the project; a cluster outside them is listed, and its dates link to a window that draws it', async ({ page, plan, open }) => {
    await open(`/timeline?projectId=${plan.project._id}`)
    await expect(windowNav(page)).toContainText('Feb 2060 – Jan 2063')
    await expect(windowNav(page).getByRole('link', { name: 'Earlier' })).toHaveCount(0)
    const chart = chartOf(page, plan.project, 1)
    await expect(chart.locator('rect title')).toHaveText([`${plan.role.name}: ${plan.dig.name}, 3/1/2060–4/15/2060, 0/3 tagged`])
    await expect(outside(page).getByRole('listitem')).toHaveText([`Bay 1 · ${plan.role.name}: ${plan.pour.name}, 1/1/2066–2/1/2066`])

    await outside(page).getByRole('link', { name: '1/1/2066–2/1/2066' }).click()
    await expect(page).toHaveURL(new RegExp(`projectId=${plan.project._id}&from=2065-12`))
    await expect(windowNav(page)).toContainText('Dec 2065 – Nov 2068')
    await expect(chartOf(page, plan.project, 1).locator('rect title')).toHaveText([`${plan.role.name}: ${plan.pour.name}, 1/1/2066–2/1/2066, 0/2 tagged`])
    await expect(chartOf(page, plan.project, 1).locator('path title')).toHaveText(['Deployed By 12/1/2065'])
    await expect(outside(page).getByRole('listitem')).toHaveText([`Bay 1 · ${plan.role.name}: ${plan.dig.name}, 3/1/2060–4/15/2060`])
    await expect(windowNav(page).getByRole('link', { name: 'Later' })).toHaveCount(0)
  })

  test('Later and Earlier move the window a year; a window holding no cluster says so and lists them all', async ({ page, plan, open }) => {
    await open(`/timeline?projectId=${plan.project._id}`)
    await windowNav(page).getByRole('link', { name: 'Later' }).click()
    await expect(page).toHaveURL(/from=2061-02/)
    await expect(windowNav(page)).toContainText('Feb 2061 – Jan 2064')
    await expect(page.getByText('No cluster of this project has dates in these months.')).toBeVisible()
    await expect(outside(page).getByRole('listitem')).toHaveCount(2)

    await windowNav(page).getByRole('link', { name: 'Earlier' }).click()
    await expect(page).toHaveURL(/from=2060-02/)
    await expect(windowNav(page)).toContainText('Feb 2060 – Jan 2063')
    await expect(chartOf(page, plan.project, 1).locator('rect title')).toHaveCount(1)

    // The table has no axis: it lists every cluster, whatever the window.
    await page.getByRole('link', { name: 'Table' }).click()
    await expect(page).toHaveURL(/view=table/)
    await expect(page.getByRole('row', { name: new RegExp(plan.pour.name) }).getByRole('cell')).toHaveText([/ \/ /, 'Bay 1', plan.role.name, '1/1/2066', '2/1/2066', '12/1/2065', '0/2', 'Cluster'])
    await expect(windowNav(page)).toHaveCount(0)
  })

  test('a cluster dated 1 January 1900 to 31 December 2100 draws at most three years, and the page stays under 100 KB', async ({ page, plan, open }) => {
    await plan.setDates(plan.dig, '1900-01-01', '2100-12-31')
    await open(`/timeline?projectId=${plan.project._id}`)
    const chart = chartOf(page, plan.project, 1)
    await expect(chart.locator('rect title')).toHaveText([`${plan.role.name}: ${plan.dig.name}, 1/1/1900–12/31/2100, 0/3 tagged`])
    expect(await chart.locator('line.tl-month').count()).toBeLessThanOrEqual(36)
    for (const path of [`/timeline?projectId=${plan.project._id}`, `/timeline?projectId=${plan.project._id}&view=table`, `/timeline?projectId=${plan.project._id}&from=1900-01`, `/timeline?projectId=${plan.project._id}&from=2100-12`]) {
      const response = await page.request.get(path)
      expect(response.status(), path).toBe(200)
      expect((await response.body()).length, path).toBeLessThan(100_000)
    }
  })

  test('a window or period outside 1900 to 2100 is said on the page, not a server error', async ({ page, plan, open }) => {
    await open(`/timeline?projectId=${plan.project._id}&from=9999-12`)
    await expect(page.getByRole('alert')).toHaveText('Enter a date between 1900 and 2100')
    await open('/capacity?from=9999-12')
    await expect(page.getByRole('alert')).toHaveText('Enter a date between 1900 and 2100')
    await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('9999-12')
    const response = await page.request.get('/capacity?from=9999-12')
    expect(response.status()).toBe(200)
  })
})
