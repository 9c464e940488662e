import { digAndPourPlan } from './support/admin-api'
import { checkablePage, expectNoSeriousViolation } from './support/axe'
import { expect, test as base, type AdminSession, type Page, type Unique } from './support/fixtures'
import { createVerifiedUser } from './support/users'

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
 * them, the window opens at the project's first month, Feb 2060, and runs to Jan 2063; the chart's
 * axis, and the months named above it, span Dig's months only: Feb 2060 – Apr 2060 (issue 29).
 */
async function setUp(admin: AdminSession, unique: Unique) {
  const plan = await digAndPourPlan(admin, unique, { dig: ['2060-03-01', '2060-04-15'], pour: ['2066-01-01', '2066-02-01'] })
  const project = await plan.project('Far Yard', 'Bay 1')
  const tag = (cluster: Ref, userIds: string[]) =>
    plan.call('/api/project-entity-user-mappings/replace', { method: 'POST', body: { projectId: project._id, projectEntityId: project.instance, roleId: plan.role._id, clusterIds: [cluster._id], userIds } })
  const clearDates = (target: Ref) => plan.call(`/api/clusters/${target._id}`, { method: 'PUT', body: { startDate: null, endDate: null } })
  return { ...plan, project, tag, clearDates }
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
    await expect(windowNav(page)).toContainText('Feb 2060 – Apr 2060')
    await expect(windowNav(page).getByRole('link', { name: 'Earlier' })).toHaveCount(0)
    const chart = chartOf(page, plan.project, 1)
    await expect(chart.locator('rect title')).toHaveText([`${plan.role.name}: ${plan.dig.name}, 3/1/2060–4/15/2060, 0/3 tagged`])
    await expect(outside(page).getByRole('listitem')).toHaveText([`Bay 1 · ${plan.role.name}: ${plan.pour.name}, 1/1/2066–2/1/2066`])

    await outside(page).getByRole('link', { name: '1/1/2066–2/1/2066' }).click()
    await expect(page).toHaveURL(new RegExp(`projectId=${plan.project._id}&from=2065-12`))
    await expect(windowNav(page)).toContainText('Dec 2065 – Feb 2066')
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
    await expect(windowNav(page)).toContainText('Feb 2060 – Apr 2060')
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

  test('each bar says its staffing (none, part, full) in words beside it, with a legend; clusters without dates are listed under the chart', async ({ page, plan, open, admin }) => {
    // Pour moved beside Dig, so both are drawn.
    await plan.setDates(plan.pour, '2060-04-01', '2060-05-15')
    await open(`/timeline?projectId=${plan.project._id}`)
    const staffing = chartOf(page, plan.project, 2).locator('text.tl-count')
    await expect(staffing).toHaveText(['0/3 none', '0/2 none'])
    const people = [await admin.userIdOf((await createVerifiedUser()).email), await admin.userIdOf((await createVerifiedUser()).email)]
    await plan.tag(plan.dig, people.slice(0, 1))
    await plan.tag(plan.pour, people)
    await page.reload()
    await expect(staffing).toHaveText(['1/3 part', '2/2 full'])
    // Not by colour alone: a part bar is filled only as far as it is staffed.
    await expect(chartOf(page, plan.project, 2).locator('rect.tl-part')).toHaveCount(1)
    await expect(chartOf(page, plan.project, 2).locator('rect.tl-filled')).toHaveCount(1)
    const legend = page.getByRole('region', { name: 'Timeline chart' }).locator('.legend')
    await expect(legend).toContainText('Full: every person tagged')
    await expect(legend).toContainText('Part: filled as far as tagged')
    await expect(legend).toContainText('None: nobody tagged')

    await plan.clearDates(plan.pour)
    await page.reload()
    await expect(chartOf(page, plan.project, 1).locator('text.tl-count')).toHaveText(['1/3 part'])
    const undated = page.getByRole('region', { name: 'Without dates' })
    await expect(undated.getByRole('listitem')).toHaveText([`Bay 1 · ${plan.role.name}: ${plan.pour.name}, 2/2 full`])
    await undated.getByRole('link', { name: 'Set their dates in Project Cluster Timelines' }).click()
    await expect(page).toHaveURL(new RegExp(`/project-cluster-timelines\\?projectId=${plan.project._id}`))
  })

  test('a three-year chart fits its card at 1024 px: nothing runs past its edge, axis labels are at least 12 px, and axe finds nothing serious', async ({ page, plan, open }) => {
    await page.setViewportSize({ width: 1024, height: 800 })
    await plan.setDates(plan.dig, '1900-01-01', '2100-12-31')
    await open(`/timeline?projectId=${plan.project._id}`)
    // Three years around today: the months named are the axis's, all 36 of them.
    await expect(chartOf(page, plan.project, 1).locator('line.tl-month')).toHaveCount(36)
    const region = page.getByRole('region', { name: 'Timeline chart' })
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
    const chart = chartOf(page, plan.project, 1)
    const box = (await chart.boundingBox())!
    for (const text of await chart.locator('text').all()) {
      const at = (await text.boundingBox())!
      expect(at.x + at.width, (await text.textContent()) ?? '').toBeLessThanOrEqual(box.x + box.width + 0.5)
    }
    const sizes = await chart.locator('text.tl-axis').evaluateAll((texts) => texts.map((text) => parseFloat(getComputedStyle(text).fontSize)))
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12)
    // Labels every few months, so that they do not overlap.
    expect(sizes.length).toBeLessThan(36)

    const checked = await checkablePage(page)
    if (checked !== page) await checked.goto(page.url())
    await expectNoSeriousViolation(checked)
  })
})
