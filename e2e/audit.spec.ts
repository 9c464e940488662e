import ExcelJS from 'exceljs'
import { E2E_ADMIN, E2E_TIME_ZONE } from '../playwright.config'
import { digAndPourPlan } from './support/admin-api'
import { apiSession } from './support/api'
import { checkablePage, expectNoSeriousViolation } from './support/axe'
import { expect, test, type Page } from './support/fixtures'
import { hydrated, landingOf, signIn } from './support/session'
import { createEmployee, createVerifiedUser } from './support/users'

/**
 * The audit log (issue 31): an administrator's edits show in /audit, newest first, with who, when
 * (in the organisation's zone, Asia/Kolkata for the suite), what and its fields before → after; its
 * GET filters pick them; a person sees on their profile who tagged them. Each test's data is made
 * through the API, whose writes record their entries.
 */

interface Ref {
  _id: string
  name: string
}

/** A day in the organisation's zone, `days` from today, as a date field takes it. */
const dayInZone = (days = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: E2E_TIME_ZONE }).format(new Date(Date.now() + days * 86_400_000))

/** Who made a change, as /audit and its export name a person: the name and, beside it, the email (the email alone when there is no name). */
const whoOf = (user: { fullName?: string | null; email: string }) => (user.fullName ? `${user.fullName} (${user.email})` : user.email)

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text })
const filters = (page: Page) => page.getByRole('form', { name: 'Filters' })

async function applyFilters(page: Page, choice: { person?: string; kind?: string; project?: string; from?: string; to?: string }) {
  const form = filters(page)
  await form.getByLabel('Person (email or name)').fill(choice.person ?? '')
  await form.getByLabel('Kind of change').selectOption({ label: choice.kind ?? 'All kinds' })
  await form.getByLabel('Project').selectOption({ label: choice.project ?? 'All projects' })
  await form.getByLabel('From').fill(choice.from ?? '')
  await form.getByLabel('To').fill(choice.to ?? '')
  await form.getByRole('button', { name: 'Apply' }).click()
  // The address of this choice, not just any filtered one: the fields are keyed by the filters, so a
  // navigation still under way would remount them and undo the next call's typing.
  const expected = { person: choice.person ?? '', from: choice.from ?? '', to: choice.to ?? '' }
  await expect(page).toHaveURL((url) => url.pathname === '/audit' && Object.entries(expected).every(([name, value]) => (url.searchParams.get(name) ?? '') === value))
  await hydrated(page)
}

test.describe('/audit', () => {
  test("an administrator's edit shows in the log with who, when, what and its fields, and the filters pick it", async ({ page, admin, unique, open }) => {
    // A role's lead time changed, and a project created: two writes that record.
    const role = await admin.call<Ref>('/roles', { method: 'POST', body: { name: unique('Surveyor'), permissions: ['view'] } })
    await admin.call(`/roles/${role._id}`, { method: 'PUT', body: { leadMonths: 3 } })
    const project = await admin.call<Ref>('/api/projects', { method: 'POST', body: { name: unique('Quay') } })
    const adminWho = whoOf(admin.user)

    await open('/audit')
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
    await expect(rowWith(page, project.name).first()).toBeVisible()

    // Person (the administrator, by email) and kind: the role's two entries, newest first, not the project's.
    await applyFilters(page, { person: E2E_ADMIN.email, kind: 'Role' })
    await expect(page).toHaveURL(/entityType=role/)
    await expect(rowWith(page, role.name)).toHaveCount(2)
    await expect(rowWith(page, project.name)).toHaveCount(0)
    const [change, creation] = [rowWith(page, role.name).nth(0), rowWith(page, role.name).nth(1)]
    await expect(change.getByRole('cell').nth(0)).toContainText(/GMT\+5:30/)
    await expect(change.getByRole('cell').nth(1)).toHaveText(adminWho)
    await expect(change.getByRole('cell').nth(2)).toHaveText('Changed')
    await expect(change.getByRole('cell').nth(4)).toHaveText('leadMonths: 1 → 3')
    await expect(change.getByRole('link', { name: `Role: ${role.name}` })).toHaveAttribute('href', '/roles')
    await expect(creation.getByRole('cell').nth(2)).toHaveText('Created')

    // Project: its creation alone, linking to its planning screen.
    await applyFilters(page, { project: project.name })
    await expect(page.getByRole('row')).toHaveCount(2)
    const created = rowWith(page, project.name)
    await expect(created.getByRole('cell').nth(2)).toHaveText('Created')
    await expect(created.getByRole('link', { name: `Project: ${project.name}` })).toHaveAttribute('href', `/project-resource-planning?projectId=${project._id}`)

    // Days in the organisation's zone: today has it, from tomorrow nothing does.
    await applyFilters(page, { project: project.name, from: dayInZone(), to: dayInZone() })
    await expect(rowWith(page, project.name)).toHaveCount(1)
    await applyFilters(page, { project: project.name, from: dayInZone(1) })
    await expect(page.getByText('No changes match these filters.')).toBeVisible()

    // A range that ends before it starts is refused beside the field, and nothing is listed.
    await applyFilters(page, { from: dayInZone(), to: dayInZone(-1) })
    await expect(filters(page).getByLabel('To')).toHaveAttribute('aria-invalid', 'true')
    await expect(filters(page).getByRole('alert')).toHaveText('The end date cannot be before the start date')
    await expect(page.getByRole('table')).toHaveCount(0)
  })

  test("who: a person by name with their email beside it, so one who took the administrator's name is told apart; the system marked, with neither", async ({ page, admin, open }) => {
    const namesake = await createEmployee({ name: admin.user.fullName || 'Portal Administrator', roleId: await admin.roleIdOf('Developer') })
    // Under that name, they record leave.
    await (await apiSession({ email: namesake.email, password: namesake.password })).call('/api/leave', { method: 'POST', body: { startDate: '2031-02-02', endDate: '2031-02-03' } })
    await open(`/audit?${new URLSearchParams({ person: namesake.email, entityType: 'leave' })}`)
    const own = rowWith(page, `Leave: ${namesake.name}, leave`).getByRole('cell').nth(1)
    await expect(own).toHaveText(`${namesake.name} (${namesake.email})`)
    await expect(own.getByRole('link')).toHaveText(namesake.name)
    await expect(own.getByRole('link')).toHaveAttribute('href', `/users/${namesake.id}/profile`)

    // The seed made its people as the system.
    await open(`/audit?${new URLSearchParams({ person: 'vikram.singh@example.com', entityType: 'user' })}`)
    const system = rowWith(page, 'Account: Vikram Singh').filter({ hasText: 'Created' }).getByRole('cell').nth(1)
    await expect(system).toHaveText('System')
    await expect(system.getByRole('link')).toHaveCount(0)
  })

  test('a person typed that several people match is picked from links; then only their changes show', async ({ page, unique, open }) => {
    const twins = unique('twin').toLowerCase()
    const [first, second] = [`${twins}.a@example.com`, `${twins}.b@example.com`]
    await createVerifiedUser(first)
    await createVerifiedUser(second)
    await open('/audit')
    await applyFilters(page, { person: twins })
    await expect(filters(page).getByRole('alert')).toHaveText(`2 people match “${twins}”: pick one.`)
    const choices = filters(page).getByRole('list', { name: 'People matching' }).getByRole('link')
    await expect(choices).toHaveText([first, second])
    await choices.first().click()
    await expect(page).toHaveURL((url) => url.searchParams.get('person') === first)
    await expect(page.getByRole('link', { name: `Account: ${first}` }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: `Account: ${second}` })).toHaveCount(0)
  })

  test('the export holds the filtered entries as .xlsx', async ({ page, admin, unique }) => {
    const project = await admin.call<Ref>('/api/projects', { method: 'POST', body: { name: unique('Jetty') } })
    await signIn(page, E2E_ADMIN)
    await page.goto(`/audit?projectId=${project._id}`)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^audit_export_\d{4}-\d{2}-\d{2}\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await file.path())
    const sheet = workbook.getWorksheet('Audit log')!
    const rows = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1))
    expect(rows).toHaveLength(2)
    expect(rows[0]).toEqual(['When', 'Who', 'Action', 'Kind', 'What', 'Changes'])
    expect(rows[1]!.slice(1, 5)).toEqual([whoOf(admin.user), 'Created', 'Project', project.name])
    expect(String(rows[1]![0])).toMatch(/GMT\+5:30$/)
  })

  test('only administrators: no link for a holder of view, and 403 for them and for an employee', async ({ page, viewer, expectDenied }) => {
    await signIn(page, viewer)
    await page.goto('/dashboard')
    await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0)
    const response = await page.goto('/audit')
    expect(response?.status()).toBe(403)
    expect((await page.request.get('/audit/export')).status()).toBe(403)
    await page.context().clearCookies()
    await expectDenied('/audit')
  })

  test('an administrator opens it from the shell; no serious accessibility violation; no sideways scroll at 390 px', async ({ page, open }) => {
    await open('/dashboard')
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Audit log' }).click()
    await expect(page).toHaveURL('/audit')
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
    const checked = await checkablePage(page)
    if (checked !== page) await checked.goto('/audit')
    await expectNoSeriousViolation(checked)

    await page.setViewportSize({ width: 390, height: 844 })
    for (const path of ['/audit', `/audit?${new URLSearchParams({ from: dayInZone(), to: dayInZone(-1), person: 'nobody-at-all' })}`]) {
      await page.goto(path)
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }))
      expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth)
    }
  })
})

test.describe("a person's profile: Changes", () => {
  test('the person sees who tagged them and when; a holder of view on their profile does not', async ({ page, admin, unique, viewer }) => {
    const plan = await digAndPourPlan(admin, unique, { dig: ['2030-03-01', '2030-04-15'], pour: ['2030-04-10', '2030-05-31'] })
    const yard = await plan.project('Yard', 'Bay 1')
    const worker = await createVerifiedUser()
    const workerId = await admin.userIdOf(worker.email)
    await plan.call('/api/project-entity-user-mappings/replace', {
      method: 'POST',
      body: { projectId: yard._id, projectEntityId: yard.instance, roleId: plan.role._id, clusterIds: [plan.dig._id], userIds: [workerId] },
    })

    await signIn(page, worker)
    const { user } = await landingOf(page)
    await page.goto(`/users/${user!._id}/profile`)
    const changes = page.getByRole('region', { name: 'Changes' })
    await expect(changes.getByRole('heading', { name: 'Changes' })).toBeVisible()
    const tagged = changes.getByRole('row').filter({ hasText: `on ${yard.name} / Bay 1` })
    await expect(tagged).toHaveCount(1)
    await expect(tagged.getByRole('cell').nth(0)).toContainText(/GMT\+5:30/)
    await expect(tagged.getByRole('cell').nth(1)).toHaveText(whoOf(admin.user))
    await expect(tagged.getByRole('cell').nth(2)).toHaveText('Created')
    const what = `Assignment (tag): ${worker.email} on ${yard.name} / Bay 1 · ${plan.role.name} · ${plan.dig.name}`
    await expect(tagged.getByRole('cell').nth(3)).toHaveText(what)
    // Without view the screens it is about would answer 403: names, not links.
    await expect(tagged.getByRole('link')).toHaveCount(0)

    await page.context().clearCookies()
    await signIn(page, viewer)
    await page.goto(`/users/${workerId}/profile`)
    await expect(page.getByRole('heading', { name: 'Assignments' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Changes' })).toHaveCount(0)

    // An administrator sees the same on the person's profile, leading to where the tag is.
    await page.context().clearCookies()
    await signIn(page, E2E_ADMIN)
    await page.goto(`/users/${workerId}/profile`)
    await expect(page.getByRole('region', { name: 'Changes' }).getByRole('link', { name: what })).toHaveAttribute('href', `/user-entity-mapping?projectId=${yard._id}`)
  })
})
