import AxeBuilder from '@axe-core/playwright'
import { templateItem } from './support/admin-api'
import { expect, test as base, type AdminSession, type Page, type Unique } from './support/fixtures'
import { isNoJs, signIn } from './support/session'
import { createVerifiedUser } from './support/users'

interface Ref {
  _id: string
  name: string
}

/** A day `days` from today (the API's clock is the real one here), as the API takes it. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
/** The same day as the screen writes it (en-US numeric). */
const shown = (day: string) => {
  const [year, month, date] = day.split('-').map(Number)
  return `${month}/${date}/${year}`
}

/**
 * An employee's own work on a phone (issue 30). Each test's plan, made through the API: one role
 * planned on three clusters of its own, Earlier (60 to 30 days ago), Soon (in 5 to 20 days) and
 * Later (in 40 to 60 days), one project with one instance, and a new employee tagged to all three.
 */
async function setUp(admin: AdminSession, unique: Unique) {
  const post = <T>(path: string, body: unknown) => admin.call<T>(path, { method: 'POST', body })
  const category = await post<Ref>('/api/categories', { name: unique('Category') })
  const entity = await post<Ref>('/api/entities', { name: unique('Block'), categoryId: category._id })
  const cluster = async (prefix: string, from: number, to: number) => {
    const created = await post<Ref>('/api/clusters', { category: category._id, entityType: entity._id, name: unique(prefix), description: null })
    const dates = { startDate: dayFrom(from), endDate: dayFrom(to) }
    await admin.call(`/api/clusters/${created._id}`, { method: 'PUT', body: dates })
    return { ...created, ...dates }
  }
  const earlier = await cluster('Earlier', -60, -30)
  const soon = await cluster('Soon', 5, 20)
  const later = await cluster('Later', 40, 60)
  const clusters = [earlier, soon, later]
  const role = await post<Ref>('/roles', { name: unique('Fitter'), permissions: ['view'] })
  const planning = await post<{ _id: string }>('/api/planning', {
    categoryId: category._id,
    entityId: entity._id,
    typeName: unique('Type'),
    roleClusters: [{ roleId: role._id, clusters: clusters.map((one) => one._id) }],
  })
  await post('/api/resource-planning-templates', {
    categoryId: category._id,
    entityId: entity._id,
    planningId: planning._id,
    roleClusters: [{ roleId: role._id, clusters: clusters.map((one) => templateItem(one._id, 1)) }],
  })
  const project = await post<Ref>('/api/projects', { name: unique('Harbour') })
  const card = await post<{ names: { projectEntityId: string }[] }>('/api/project-resource-instances', {
    projectId: project._id,
    categoryId: category._id,
    entityId: entity._id,
    typeId: planning._id,
    number: 1,
    names: ['Wing 1'],
  })
  const worker = await createVerifiedUser()
  const workerId = await admin.userIdOf(worker.email)
  for (const one of clusters) {
    await post('/api/project-entity-user-mappings/replace', { projectId: project._id, projectEntityId: card.names[0]!.projectEntityId, roleId: role._id, clusterIds: [one._id], userIds: [workerId] })
  }
  return { earlier, soon, later, role, project, worker, workerId }
}

const test = base.extend<{ plan: Awaited<ReturnType<typeof setUp>>; employee: { worker: Awaited<ReturnType<typeof createVerifiedUser>>; workerId: string } }>({
  plan: async ({ admin, unique }, provide) => provide(await setUp(admin, unique)),
  /** A new employee tagged nowhere: what the leave tests need, without a plan. */
  employee: async ({ admin }, provide) => {
    const worker = await createVerifiedUser()
    await provide({ worker, workerId: await admin.userIdOf(worker.email) })
  },
})

test.use({ viewport: { width: 390, height: 844 } })

/** Nothing on the page is wider than the phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

const myAssignments = (page: Page) => page.getByRole('region', { name: 'My assignments' })
const myLeave = (page: Page) => page.getByRole('region', { name: 'My leave' })
const flash = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title })

test.describe('My assignments', () => {
  test('are cards, soonest first, the next one marked with the days until it starts; past ones behind a GET toggle', async ({ page, plan }) => {
    await signIn(page, plan.worker)
    await page.goto('/dashboard')
    const upcoming = myAssignments(page).getByRole('list', { name: 'Upcoming assignments' }).getByRole('listitem')
    await expect(upcoming).toHaveCount(2)
    const [soon, later] = [upcoming.nth(0), upcoming.nth(1)]
    await expect(soon.getByRole('heading', { level: 3 })).toHaveText(plan.project.name)
    await expect(soon).toContainText('Next Starts in 5 days')
    for (const fact of ['Wing 1', plan.soon.name, plan.role.name, `${shown(plan.soon.startDate)}–${shown(plan.soon.endDate)}`]) {
      await expect(soon.getByRole('definition').getByText(fact, { exact: true })).toBeVisible()
    }
    await expect(later).toContainText('Starts in 40 days')
    await expect(later).toContainText(plan.later.name)
    await expect(later).not.toContainText('Next')
    await expect(myAssignments(page)).not.toContainText(plan.earlier.name)
    await expectNoSidewaysScroll(page)

    await myAssignments(page).getByRole('link', { name: 'Show past assignments (1)' }).click()
    await expect(page).toHaveURL(/\/dashboard\?past=1/)
    const past = myAssignments(page).getByRole('list', { name: 'Past assignments' }).getByRole('listitem')
    await expect(past).toHaveCount(1)
    await expect(past).toContainText('Ended')
    await expect(past).toContainText(`${shown(plan.earlier.startDate)}–${shown(plan.earlier.endDate)}`)
    await expect(upcoming).toHaveCount(2)

    await myAssignments(page).getByRole('link', { name: 'Hide past assignments' }).click()
    await expect(page).toHaveURL(/\/dashboard(#.*)?$/)
    await expect(myAssignments(page).getByRole('list', { name: 'Past assignments' })).toHaveCount(0)
  })
})

test.describe('My leave', () => {
  // With a plan: its assignment cards put the form a screen down, where a page opened at its top would leave a refusal unseen.
  test('recording a period confirms what was saved and empties the form; the same period again is refused in place, naming it', async ({ page, plan }) => {
    await signIn(page, plan.worker)
    await page.goto('/dashboard')
    const leave = myLeave(page)
    await expect(leave).toContainText('No leave recorded.')
    const from = leave.getByLabel('From', { exact: true })
    const to = leave.getByLabel('To', { exact: true })
    const note = leave.getByLabel('Note', { exact: true })
    const record = async () => {
      await from.fill('2030-12-01')
      await to.fill('2030-12-05')
      await note.fill('Wedding')
      await leave.getByRole('button', { name: 'Add leave' }).click()
    }
    await record()
    await expect(flash(page, 'Leave recorded')).toContainText('12/1/2030–12/5/2030 · Wedding')
    await expect(flash(page, 'Leave recorded')).toBeInViewport()
    await expect(leave.getByRole('list', { name: 'Upcoming leave' }).getByRole('listitem')).toHaveText(['12/1/2030–12/5/2030WeddingCancel'])
    for (const field of [from, to, note]) await expect(field).toHaveValue('')

    await record()
    const refusal = leave.getByRole('alert')
    await expect(refusal).toHaveText('This overlaps your leave from 12/1/2030 to 12/5/2030.')
    // In place: without JavaScript the answer opens at the form, not at the top a screen above it.
    await expect(refusal).toBeInViewport()
    await expect(from).toHaveValue('2030-12-01')
    await expect(note).toHaveValue('Wedding')
    await expect(leave.getByRole('list', { name: 'Upcoming leave' }).getByRole('listitem')).toHaveCount(1)
    await expectNoSidewaysScroll(page)
  })

  test('a refusal reads as a sentence, never with the key of its field, and marks the field', async ({ page, employee }) => {
    await signIn(page, employee.worker)
    await page.goto('/dashboard')
    const leave = myLeave(page)
    await leave.getByLabel('From', { exact: true }).fill('2030-03-09')
    await leave.getByLabel('To', { exact: true }).fill('2030-03-04')
    await leave.getByRole('button', { name: 'Add leave' }).click()
    await expect(leave.getByRole('alert')).toHaveText('End date cannot be before start date')
    await expect(leave.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(/\b(startDate|endDate|note):/)).toHaveCount(0)
  })

  test('upcoming and past leave are listed apart; an upcoming period is cancelled after a confirmation', async ({ page, employee, admin }) => {
    const record = (startDate: string, endDate: string, note: string) => admin.call('/api/leave', { method: 'POST', body: { userId: employee.workerId, startDate, endDate, note } })
    await record(dayFrom(-90), dayFrom(-88), 'Spring break')
    await record('2030-08-03', '2030-08-03', 'Clinic')
    await signIn(page, employee.worker)
    await page.goto('/dashboard')
    const leave = myLeave(page)
    const ahead = leave.getByRole('list', { name: 'Upcoming leave' }).getByRole('listitem')
    await expect(ahead).toHaveText(['8/3/2030ClinicCancel'])
    await expect(leave).not.toContainText('No leave recorded.')
    await leave.getByText('Past leave (1)').click()
    await expect(leave.getByRole('list', { name: 'Past leave' }).getByRole('listitem')).toHaveText([`${shown(dayFrom(-90))}–${shown(dayFrom(-88))}Spring break`])

    await leave.getByRole('link', { name: 'Cancel leave on 8/3/2030' }).click()
    await expect(ahead).toContainText('Cancel this leave?')
    await leave.getByRole('link', { name: 'Keep it' }).click()
    await expect(ahead).not.toContainText('Cancel this leave?')
    await expect(ahead).toHaveCount(1)

    await leave.getByRole('link', { name: 'Cancel leave on 8/3/2030' }).click()
    await leave.getByRole('button', { name: 'Yes, cancel leave on 8/3/2030' }).click()
    await expect(flash(page, 'Leave cancelled')).toBeVisible()
    await expect(page).not.toHaveURL(/cancel=/)
    await expect(leave).toContainText('No upcoming leave.')
    await expect(leave.getByText('Past leave (1)')).toBeVisible()
  })
})

test('the dashboard of an employee with assignments and leave has no serious accessibility violation', async ({ page, plan, admin }) => {
  await admin.call('/api/leave', { method: 'POST', body: { userId: plan.workerId, startDate: dayFrom(-90), endDate: dayFrom(-88), note: 'Spring break' } })
  await admin.call('/api/leave', { method: 'POST', body: { userId: plan.workerId, startDate: '2030-08-03', endDate: '2030-08-05', note: '' } })
  await signIn(page, plan.worker)
  // Without JavaScript axe still needs scripts: the same server-rendered page, the app's own scripts kept out.
  let checked = page
  if (isNoJs()) {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 }, baseURL: test.info().project.use.baseURL, storageState: await page.context().storageState() })
    await context.route(/\.js(\?|$)/, (route) => route.abort())
    checked = await context.newPage()
  }
  for (const path of ['/dashboard', '/dashboard?past=1', `/dashboard?cancel=${await upcomingLeaveId(admin, plan.workerId)}`]) {
    await checked.goto(path)
    await expect(checked.getByRole('heading', { name: 'My assignments' })).toBeVisible()
    const { violations } = await new AxeBuilder({ page: checked }).analyze()
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.help}`)
    expect(serious, path).toEqual([])
  }
})

async function upcomingLeaveId(admin: AdminSession, userId: string) {
  const periods = await admin.call<{ _id: string; startDate: string }[]>(`/api/leave?userId=${userId}`)
  return periods.find((period) => period.startDate === '2030-08-03')!._id
}
