import AxeBuilder from '@axe-core/playwright'
import { digAndPourPlan } from './support/admin-api'
import { expect, test as base, type AdminSession, type Page, type Unique } from './support/fixtures'
import { createUnverifiedUser } from './support/users'

/**
 * The Schedule (issue 29), on a plan of each test's own made through the API: clusters Dig
 * 3/4/2030–4/15/2030 and Pour 4/10/2030–5/31/2030 of one entity type, a role planned on both (Dig 3
 * people, Pour 2), and two projects of one instance each. Ann (the role's, at a yard of her own) is
 * on North's Dig and South's Pour: they share 4/10–4/15. Bo is on North's Dig and on leave
 * 3/10–3/12. Cy is on North's Pour alone, with no overlap. North still needs Dig × 1 and Pour × 1.
 * Hire-by: a month before the start. The window asked for starts on Monday 3/4/2030.
 */
async function setUp(admin: AdminSession, unique: Unique) {
  const { call, dig, pour, role, project } = await digAndPourPlan(admin, unique, { dig: ['2030-03-04', '2030-04-15'], pour: ['2030-04-10', '2030-05-31'] })
  const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body })
  const north = await project('North', 'Bay 1')
  const south = await project('South', 'Bay 2')
  const location = unique('Yard')
  const person = async (name: string) => {
    const account = await admin.accountHolding(role._id, { name: unique(name) })
    await admin.updateProfile(account.id, { professional: { workLocation: location } })
    return { id: account.id, name: (await call<{ personal: { name: string } }>(`/form/profile/${account.id}`)).personal.name }
  }
  const [ann, bo, cy] = [await person('Ann'), await person('Bo'), await person('Cy')]
  const tag = (target: typeof north, clusterId: string, userIds: string[]) =>
    post('/api/project-entity-user-mappings/replace', { projectId: target._id, projectEntityId: target.instance, roleId: role._id, clusterIds: [clusterId], userIds })
  await tag(north, dig._id, [ann.id, bo.id])
  await tag(south, pour._id, [ann.id])
  await tag(north, pour._id, [cy.id])
  await post('/api/leave', { userId: bo.id, startDate: '2030-03-10', endDate: '2030-03-12', note: 'Course' })
  return { dig, pour, role, north, south, location, ann, bo, cy }
}

const test = base.extend<{ plan: Awaited<ReturnType<typeof setUp>> }>({
  plan: async ({ admin, unique }, provide) => provide(await setUp(admin, unique)),
})

const chart = (page: Page) => page.getByRole('region', { name: /^Schedule, / })
const rowOf = (page: Page, name: string) => chart(page).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) })

test.describe('Schedule', () => {
  test('rows of people by role, bars over their dates, leave, overlaps marked and unfilled demand', async ({ page, plan, open }) => {
    await open(`/schedule?from=2030-03-06&projectId=${plan.north._id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Schedule window' })).toContainText('3/4/2030–5/26/2030')
    const group = chart(page).getByRole('region', { name: plan.role.name })
    await expect(group.getByRole('link', { name: plan.ann.name, exact: true })).toHaveAttribute('href', `/users/${plan.ann.id}/profile`)

    const ann = rowOf(page, plan.ann.name)
    const dig = ann.getByRole('link', { name: `${plan.north.name} / Bay 1 / ${plan.dig.name}, 3/4/2030–4/15/2030` })
    await expect(dig).toHaveAttribute('href', new RegExp(`^/user-entity-mapping\\?projectId=${plan.north._id}&instance=${plan.north.instance}#tags-`))
    await expect(dig).toContainText(`${plan.north.name} / ${plan.dig.name}`)
    await expect(ann.getByRole('link', { name: `${plan.south.name} / Bay 2 / ${plan.pour.name}, 4/10/2030–5/31/2030` })).toBeVisible()
    await expect(ann.getByText('Overlap of assignments, 4/10/2030–4/15/2030')).toBeAttached()

    const bo = rowOf(page, plan.bo.name)
    await expect(bo.getByText('Leave', { exact: true })).toBeVisible()
    await expect(bo.getByText('Leave (Course), 3/10/2030–3/12/2030')).toBeAttached()
    await expect(bo.getByText('Overlap with leave, 3/10/2030–3/12/2030')).toBeAttached()
    await expect(rowOf(page, plan.cy.name).getByText(/^Overlap/)).toHaveCount(0)

    // North's Dig: 3 needed, 2 tagged; its Pour: 2 needed, Cy tagged. A placeholder opens Assign Users there.
    const need = group.getByRole('link', { name: `${plan.role.name} × 1 needed · ${plan.north.name} / Bay 1 / ${plan.dig.name} · hire by 2/4/2030` })
    await expect(need).toHaveAttribute('href', new RegExp(`^/user-entity-mapping\\?projectId=${plan.north._id}&instance=${plan.north.instance}&assign=`))
    await expect(group.getByRole('link', { name: `${plan.role.name} × 1 needed · ${plan.north.name} / Bay 1 / ${plan.pour.name} · hire by 3/10/2030` })).toBeVisible()
    await need.click()
    await expect(page.getByRole('dialog')).toContainText(plan.dig.name)

    // The same in a table, for screen readers.
    await page.goBack()
    await page.getByText('Schedule as a table').click()
    const table = page.getByRole('table')
    await expect(table.getByRole('row').filter({ hasText: plan.bo.name }).filter({ hasText: 'Leave (Course)' })).toContainText('3/10/2030–3/12/2030')
  })

  test('the filters are a GET form: project, role, location, only people with conflicts, only unfilled; grouped by project, a person is under each', async ({ page, plan, open }) => {
    await open(`/schedule?from=2030-03-04&location=${plan.location}`)
    await expect(rowOf(page, plan.cy.name)).toBeVisible()
    await page.getByLabel('Only people with conflicts').check()
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/conflictsOnly=1/)
    await expect(rowOf(page, plan.ann.name)).toBeVisible()
    await expect(rowOf(page, plan.bo.name)).toBeVisible()
    await expect(rowOf(page, plan.cy.name)).toHaveCount(0)

    await page.goto(`/schedule?from=2030-03-04&group=project&projectId=${plan.south._id}`)
    await expect(chart(page).getByRole('region', { name: plan.south.name })).toBeVisible()
    await expect(rowOf(page, plan.ann.name).getByRole('link', { name: new RegExp(`^${plan.south.name} /`) })).toHaveCount(1)
    await expect(rowOf(page, plan.bo.name)).toHaveCount(0)

    await page.goto(`/schedule?from=2030-03-04&projectId=${plan.north._id}`)
    await page.getByLabel('Only unfilled').check()
    await page.getByLabel('Role', { exact: true }).selectOption({ label: plan.role.name })
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/unfilledOnly=1/)
    await expect(chart(page).getByRole('link', { name: new RegExp(`^${plan.role.name} × 1 needed`) })).toHaveCount(2)
    await expect(rowOf(page, plan.ann.name)).toHaveCount(0)

    await page.goto(`/schedule?zoom=days`)
    await expect(page.getByRole('alert')).toHaveText('Choose weeks or months')
  })

  test('Previous and Next move the window by its width; months as columns; the line for today', async ({ page, plan, open }) => {
    await open(`/schedule?from=2030-03-06&span=4&projectId=${plan.north._id}`)
    const nav = page.getByRole('navigation', { name: 'Schedule window' })
    await expect(nav).toContainText('3/4/2030–3/31/2030')
    await nav.getByRole('link', { name: 'Next' }).click()
    await expect(nav).toContainText('4/1/2030–4/28/2030')
    await expect(rowOf(page, plan.ann.name).getByText('Overlap of assignments, 4/10/2030–4/15/2030')).toBeAttached()
    await nav.getByRole('link', { name: 'Previous' }).click()
    await expect(nav).toContainText('3/4/2030–3/31/2030')
    await page.goto(`/schedule?from=2030-03-06&zoom=months&projectId=${plan.north._id}`)
    await expect(nav).toContainText('3/1/2030–2/28/2031')
    await page.goto('/schedule')
    await expect(chart(page).getByText('Today', { exact: true })).toBeVisible()
  })

  test('fifty rows a page; Next keeps the choices', async ({ page, open, admin }) => {
    const { total } = await admin.call<{ total: number }>('/api/schedule')
    for (let made = total; made <= 50; made += 5) await Promise.all(Array.from({ length: 5 }, () => createUnverifiedUser()))
    await open('/schedule?group=project')
    const pages = page.getByRole('navigation', { name: 'Pages' })
    await expect(pages).toContainText(/Showing 1–50 of \d+ rows/)
    await pages.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/group=project.*page=2/)
    await expect(pages).toContainText(/Showing 51–\d+ of \d+ rows/)
  })

  test('no serious accessibility violation, with every field named', async ({ page, plan, open }) => {
    await open(`/schedule?from=2030-03-04&projectId=${plan.north._id}`)
    // axe is a script: without JavaScript the same server-rendered HTML is checked in a page that loads none of the app's scripts.
    let checked = page
    if (test.info().project.name === 'no-js') {
      const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, baseURL: test.info().project.use.baseURL, storageState: await page.context().storageState() })
      await context.route(/\.js(\?|$)/, (route) => route.abort())
      checked = await context.newPage()
      await checked.goto(`/schedule?from=2030-03-04&projectId=${plan.north._id}`)
    }
    const { violations } = await new AxeBuilder({ page: checked }).analyze()
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
    for (const field of await checked.locator('input:not([type="hidden"]), select').filter({ visible: true }).all()) await expect(field).toHaveAccessibleName(/\S/)
  })

  test('no sideways page scroll at 390 px or 1024 px: the chart scrolls inside its own region', async ({ page, plan, open }) => {
    for (const width of [390, 1024]) {
      await page.setViewportSize({ width, height: 900 })
      await open(`/schedule?from=2030-03-04&projectId=${plan.north._id}`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBeLessThanOrEqual(0)
      await page.screenshot({ path: `/tmp/shots-sched/schedule-${width}-${test.info().project.name}.png`, fullPage: true })
      await open('/schedule?span=4')
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px, this month`).toBeLessThanOrEqual(0)
      await page.screenshot({ path: `/tmp/shots-sched/schedule-today-${width}-${test.info().project.name}.png`, fullPage: true })
    }
  })
})
