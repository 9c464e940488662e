import ExcelJS from 'exceljs'
import { digAndPourPlan } from './support/admin-api'
import { expect, test as base, type AdminSession, type Locator, type Unique } from './support/fixtures'
import { ownOrigin, signIn } from './support/session'
import { createVerifiedUser } from './support/users'

interface Ref {
  _id: string
  name: string
}

/**
 * People over time (issue 13), with a plan of each test's own made through the API: a category
 * with one entity type, its clusters Dig 3/1/2030–4/15/2030 and Pour 4/10/2030–5/31/2030, a role
 * planned on both (Dig 3 people, Pour 2), and two projects with one instance each. One person is
 * tagged to Dig of the first project and Pour of the second: they share 4/10–4/15.
 *
 * By hand, for the role: March demand 6 (Dig ×2), supply 1, gap 5; April 10, 2, 8; May 4, 1, 3.
 * Hire-by (one month before the start): Dig 2/1/2030 (3 + 2 people short), Pour 3/10/2030 (2 + 1).
 */
async function setUp(admin: AdminSession, unique: Unique) {
  const plan = await digAndPourPlan(admin, unique, { dig: ['2030-03-01', '2030-04-15'], pour: ['2030-04-10', '2030-05-31'] })
  const { call, dig, pour, role } = plan
  const north = await plan.project('North Yard', 'Bay 1')
  const south = await plan.project('South Yard', 'Bay 2')
  const worker = await createVerifiedUser()
  const workerId = await admin.userIdOf(worker.email)
  const tag = (target: typeof north, clusterId: string) =>
    call(`/api/project-entity-user-mappings/replace`, { method: 'POST', body: { projectId: target._id, projectEntityId: target.instance, roleId: role._id, clusterIds: [clusterId], userIds: [workerId] } })
  await tag(north, dig._id)
  await tag(south, pour._id)
  return { call, dig, pour, role, north, south, worker, workerId, categoryId: plan.categoryId, entityId: plan.entityId, planningId: plan.planningId }
}

const test = base.extend<{ plan: Awaited<ReturnType<typeof setUp>> }>({
  plan: async ({ admin, unique }, provide) => provide(await setUp(admin, unique)),
})

test.describe('Capacity', () => {
  test('role × month shows the gap with people needed and tagged; the period and role are a GET form', async ({ page, plan, open }) => {
    await open('/capacity')
    await expect(page.getByRole('heading', { level: 1, name: 'Capacity' })).toBeVisible()
    await page.getByLabel('From', { exact: true }).fill('2030-03')
    await page.getByLabel('To', { exact: true }).fill('2030-06')
    await page.getByLabel('Role', { exact: true }).selectOption({ label: plan.role.name })
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/from=2030-03&to=2030-06/)
    const row = page.getByRole('table', { name: /^Gap per role and month/ }).getByRole('row', { name: new RegExp(plan.role.name) })
    // First the "No dates" column (issue 29): both clusters have dates, so none there.
    await expect(row.getByRole('cell')).toHaveText(['0 (0 needed · 0 tagged)', '5 (6 needed · 1 tagged)', '8 (10 needed · 2 tagged)', '3 (4 needed · 1 tagged)', '0 (0 needed · 0 tagged)'])
  })

  test('the hire-by queue lists each gap by hire-by date, and the export holds numbers and real dates', async ({ page, plan, open }) => {
    await open(`/capacity?from=2030-03&to=2030-05&roleId=${plan.role._id}`)
    const queue = page.getByRole('region', { name: 'Hire-by queue' }).getByRole('table')
    const lines = queue.getByRole('row').filter({ hasText: plan.role.name })
    await expect(lines).toHaveCount(4)
    await expect(lines.first()).toContainText('2/1/2030')
    await expect(lines.nth(0)).toContainText('3')
    await expect(queue.getByRole('row').filter({ hasText: plan.north.name }).first()).toContainText('Dig')

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export' }).click()
    const file = await downloading
    expect(file.suggestedFilename()).toMatch(/^capacity_\d{4}-\d{2}-\d{2}\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await file.path())
    const grid = workbook.getWorksheet('Capacity')!
    const march = grid.getRows(2, grid.rowCount - 1)!.find((row) => row.getCell(1).value === plan.role.name)!
    expect(march.getCell(2).value).toEqual(new Date('2030-03-01T00:00:00Z'))
    expect([march.getCell(3).value, march.getCell(4).value, march.getCell(5).value]).toEqual([6, 1, 5])
    const hires = workbook.getWorksheet('Hire-by queue')!
    const first = hires.getRow(2)
    expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Number)
    expect(first.getCell(5).value).toEqual(new Date('2030-02-01T00:00:00Z'))
  })

  test('a long hire-by queue shows 50 lines a page, soonest first, with the filters kept from page to page; the export holds every line', async ({ page, plan, open, unique }) => {
    // North and South give the role 4 lines; 24 more projects of one instance give 2 each: 52 in all.
    for (let at = 0; at < 24; at++) {
      const project = await plan.call<Ref>('/api/projects', { method: 'POST', body: { name: unique(`Yard ${at}`) } })
      await plan.call('/api/project-resource-instances', {
        method: 'POST',
        body: { projectId: project._id, categoryId: plan.categoryId, entityId: plan.entityId, typeId: plan.planningId, number: 1, names: ['Bay'] },
      })
    }
    await open(`/capacity?roleId=${plan.role._id}`)
    const queueRegion = page.getByRole('region', { name: 'Hire-by queue' })
    const lines = queueRegion.getByRole('table').getByRole('row').filter({ hasText: plan.role.name })
    await expect(page.getByText('Showing 1–50 of 52 lines')).toBeVisible()
    await expect(lines).toHaveCount(50)
    await expect(lines.first()).toContainText('2/1/2030')
    await page.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(new RegExp(`roleId=${plan.role._id}&page=2`))
    await expect(page.getByText('Showing 51–52 of 52 lines')).toBeVisible()
    await expect(lines).toHaveCount(2)
    await expect(lines.first()).toContainText('3/10/2030')
    await expect(page.getByRole('link', { name: 'Next' })).toHaveCount(0)

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export' }).click()
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await (await downloading).path())
    expect(workbook.getWorksheet('Hire-by queue')!.actualRowCount).toBe(53)
  })

  test('a period that ends before it starts is said, and the filters stay', async ({ page, open }) => {
    await open('/capacity?from=2030-05&to=2030-03')
    await expect(page.getByRole('alert')).toContainText('The end of the period cannot be before its start')
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2030-05')
  })
})

test.describe('Lead times', () => {
  test('with edit, a role\'s lead time is saved and the hire-by dates move back; a wrong value is named', async ({ page, plan, open }) => {
    await open(`/capacity?from=2030-03&to=2030-05&roleId=${plan.role._id}`)
    const lead = page.getByLabel(`Lead time of ${plan.role.name} in months`)
    await expect(lead).toHaveValue('1')
    // The browser itself refuses a value out of range; a post that skips it gets the server's message.
    await lead.fill('25')
    await lead.locator('xpath=..').getByRole('button', { name: 'Save' }).click()
    await expect(lead).toHaveValue('25')
    const posted = await page.request.post(`/capacity?roleId=${plan.role._id}`, { form: { roleId: plan.role._id, leadMonths: '25' }, headers: { origin: ownOrigin() } })
    expect(posted.status()).toBe(400)
    expect(await posted.text()).toContain('Lead time must be at most 24 months')
    await page.getByLabel(`Lead time of ${plan.role.name} in months`).fill('2')
    await page.getByLabel(`Lead time of ${plan.role.name} in months`).locator('xpath=..').getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Lead time saved' })).toBeVisible()
    const queue = page.getByRole('region', { name: 'Hire-by queue' }).getByRole('table')
    await expect(queue.getByRole('row').filter({ hasText: plan.role.name }).first()).toContainText('1/1/2030')
  })

  test('with view only, lead times are read, not changed', async ({ page, plan, admin, unique }) => {
    // The plan's role grants view only: an administrator setting it gives the person that list.
    const user = await admin.accountHolding(plan.role._id, { name: unique('Viewer'), phone: '+91 98765 43210', dob: '1990-04-12' })
    await signIn(page, user)
    await page.goto(`/capacity?from=2030-03&to=2030-05&roleId=${plan.role._id}`)
    const leadTimes = page.getByRole('region', { name: 'Lead times' })
    await expect(leadTimes.getByRole('row', { name: plan.role.name })).toContainText('1 month')
    await expect(leadTimes.getByRole('button', { name: 'Save' })).toHaveCount(0)
  })
})

test.describe('Timeline', () => {
  test("a project's clusters as bars with Deployed By marks; the table view lists the same dates", async ({ page, plan, open }) => {
    await open('/timeline')
    await expect(page.getByText('Select a project to see its timeline.')).toBeVisible()
    await page.getByLabel('Project', { exact: true }).selectOption({ label: plan.north.name })
    await page.getByRole('button', { name: 'Show' }).click()
    const chart = page.getByRole('img', { name: `Timeline of ${plan.north.name}: 2 cluster bars; the table view lists them` })
    await expect(chart).toBeVisible()
    await expect(chart.locator('rect title')).toHaveText([
      `${plan.role.name}: ${plan.dig.name}, 3/1/2030–4/15/2030, 1/3 tagged`,
      `${plan.role.name}: ${plan.pour.name}, 4/10/2030–5/31/2030, 0/2 tagged`,
    ])
    await expect(chart.locator('path title')).toHaveText(['Deployed By 2/1/2030', 'Deployed By 3/10/2030'])

    await page.getByRole('link', { name: 'Table' }).click()
    await expect(page).toHaveURL(/view=table/)
    const dig = page.getByRole('row', { name: new RegExp(plan.dig.name) })
    await expect(dig.getByRole('cell')).toHaveText([/ \/ /, 'Bay 1', plan.role.name, '3/1/2030', '4/15/2030', '2/1/2030', '1/3', 'Cluster'])
  })

  test('a signed-in user without view gets the access-denied page on both screens', async ({ expectDenied }) => {
    for (const path of ['/timeline', '/capacity']) await expectDenied(path)
  })
})

/** The row of an assignment table whose cluster (its row header) is `cluster`. */
const assignmentRow = (table: Locator, cluster: string) => table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: cluster, exact: true }) })
/** The card of My assignments (issue 30) whose cluster is `cluster`. */
const assignmentCard = (region: Locator, cluster: string) => region.getByRole('listitem').filter({ has: region.page().getByRole('definition').getByText(cluster, { exact: true }) })

test.describe('Conflicts and leave', () => {
  test("a person tagged into overlapping clusters of two projects sees both under 'My assignments', each conflict named", async ({ page, plan }) => {
    await signIn(page, plan.worker)
    await page.goto('/dashboard')
    const mine = page.getByRole('region', { name: 'My assignments' })
    const dig = assignmentCard(mine, plan.dig.name)
    await expect(dig).toContainText(plan.north.name)
    await expect(dig).toContainText('3/1/2030–4/15/2030')
    await expect(dig).toContainText(`On ${plan.south.name} / Bay 2 / ${plan.pour.name}, 4/10/2030–5/31/2030`)
    await expect(assignmentCard(mine, plan.pour.name)).toContainText(`On ${plan.north.name} / Bay 1 / ${plan.dig.name}, 3/1/2030–4/15/2030`)
  })

  test('leave recorded on the dashboard is listed and flagged against the assignment it meets; deleting it clears the flag', async ({ page, plan, open }) => {
    await open('/dashboard', plan.worker)
    const leave = page.getByRole('region', { name: 'My leave' })
    await expect(leave).toContainText('No leave recorded.')
    await leave.getByLabel('From').fill('2030-03-02')
    await leave.getByLabel('To').fill('2030-03-04')
    await leave.getByLabel('Note').fill('Holiday')
    await leave.getByRole('button', { name: 'Add leave' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Leave recorded' })).toContainText('3/2/2030–3/4/2030 · Holiday')
    await expect(leave.getByRole('listitem')).toHaveText(['3/2/2030–3/4/2030HolidayCancel'])
    const dig = assignmentCard(page.getByRole('region', { name: 'My assignments' }), plan.dig.name)
    await expect(dig).toContainText('On leave (Holiday), 3/2/2030–3/4/2030')

    await leave.getByRole('link', { name: 'Cancel leave from 3/2/2030 to 3/4/2030' }).click()
    await leave.getByRole('button', { name: 'Yes, cancel leave from 3/2/2030 to 3/4/2030' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Leave cancelled' })).toBeVisible()
    await expect(leave).toContainText('No leave recorded.')
    await expect(dig).not.toContainText('On leave')
  })

  test('leave ending before it starts is refused with the reason, and what was typed stays', async ({ page, plan, open }) => {
    await open('/dashboard', plan.worker)
    const leave = page.getByRole('region', { name: 'My leave' })
    await leave.getByLabel('From').fill('2030-03-09')
    await leave.getByLabel('To').fill('2030-03-04')
    await leave.getByRole('button', { name: 'Add leave' }).click()
    await expect(leave.getByRole('alert')).toContainText('End date cannot be before start date')
    await expect(leave.getByLabel('From')).toHaveValue('2030-03-09')
  })

  test('leave overlapping a period already recorded is refused with a sentence naming it, and what was typed stays', async ({ page, plan, open }) => {
    await open('/dashboard', plan.worker)
    const leave = page.getByRole('region', { name: 'My leave' })
    // Exact labels: once a period is listed, its Cancel link's name ("Cancel leave from …") holds "from" too.
    await leave.getByLabel('From', { exact: true }).fill('2030-03-02')
    await leave.getByLabel('To', { exact: true }).fill('2030-03-04')
    await leave.getByRole('button', { name: 'Add leave' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Leave recorded' })).toBeVisible()
    await leave.getByLabel('From', { exact: true }).fill('2030-03-04')
    await leave.getByLabel('To', { exact: true }).fill('2030-03-06')
    await leave.getByRole('button', { name: 'Add leave' }).click()
    await expect(leave.getByRole('alert')).toHaveText('This overlaps your leave from 3/2/2030 to 3/4/2030.')
    await expect(leave.getByLabel('From', { exact: true })).toHaveValue('2030-03-04')
    await expect(leave.getByRole('listitem')).toHaveCount(1)
  })

  test('Assign Users shows each candidate\'s load over the row\'s dates and names what tagging them would clash with', async ({ page, plan, open }) => {
    const assign = `${plan.north.instance}:${plan.role._id}:${plan.pour._id}`
    await open(`/user-entity-mapping?${new URLSearchParams({ projectId: plan.north._id, assign, q: plan.worker.email })}`)
    const dialog = page.getByRole('dialog', { name: 'Assign Users' })
    const candidate = dialog.locator('label.checkbox').filter({ hasText: plan.worker.email })
    await expect(candidate).toContainText('2 assignments in these dates')
    await expect(candidate).toContainText(`On ${plan.north.name} / Bay 1 / ${plan.dig.name}, 3/1/2030–4/15/2030`)
    await expect(candidate).toContainText(`On ${plan.south.name} / Bay 2 / ${plan.pour.name}, 4/10/2030–5/31/2030`)
    // Planners double-book on purpose: the save goes through.
    await candidate.getByRole('checkbox').check()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Saved successfully')).toBeVisible()
  })

  test("a profile lists the person's assignments with conflicts flagged; with edit, leave is recorded for them there", async ({ page, plan, open }) => {
    await open(`/users/${plan.workerId}/profile`)
    const assignments = page.getByRole('region', { name: 'Assignments' })
    await expect(assignmentRow(assignments, plan.dig.name)).toContainText(`On ${plan.south.name} / Bay 2 / ${plan.pour.name}, 4/10/2030–5/31/2030`)
    await expect(assignmentRow(assignments, plan.pour.name)).toContainText('4/10/2030–5/31/2030')
    const leave = page.getByRole('region', { name: 'Leave' })
    await leave.getByLabel('From').fill('2030-05-20')
    await leave.getByLabel('To').fill('2030-06-05')
    await leave.getByLabel('Note').fill('Course')
    await leave.getByRole('button', { name: 'Add leave' }).click()
    await expect(leave.getByRole('status')).toHaveText('Leave recorded')
    await expect(assignmentRow(assignments, plan.pour.name)).toContainText('On leave (Course), 5/20/2030–6/5/2030')
  })

  test("planners see the people in conflict on the dashboard, linking to the list that names them", async ({ page, plan, open }) => {
    await open('/dashboard')
    const planning = page.getByRole('region', { name: 'Planning' })
    await expect(planning.getByText('People in conflict')).toBeVisible()
    await planning.getByRole('link', { name: /^\d+$/ }).click()
    await expect(page).toHaveURL(/\/conflicts$/)
    const person = page.getByRole('region', { name: plan.worker.email })
    await expect(person.getByRole('row')).toHaveCount(3)
    await expect(person).toContainText(`On ${plan.south.name} / Bay 2 / ${plan.pour.name}, 4/10/2030–5/31/2030`)
  })
})
