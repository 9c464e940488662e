import { expect, test as base, type AdminSession, type ApiCall, type Locator, type Page, type Unique } from './support/fixtures'
import { isNoJs } from './support/session'
import { createVerifiedUser, uniqueEmail } from './support/users'
import type { Ref } from '#domain/contracts/common'

const PATH = '/user-entity-mapping'

interface Card {
  _id: string
  names: { _id: string; name: string; projectEntityId: string }[]
}
interface Mapping {
  projectEntityId: string
  clusterId: string
  roleId: string
  user: { _id: string; fullName: string | null; email: string }
}

/**
 * A project of its own, planned through the API, with figures worked by hand. Tower clusters
 * North, South, Roof; Villa cluster Garden (planned by no card: "outside" the plan). One role plans
 * North, South and Roof:
 * - North: planned 5, 2 interchanged from Villa / Garden (outside) and 1 from Tower / South (inside,
 *   tagged at its source): remaining 5 − 3 = 2, outside 2 → "2 + 2 = 4".
 * - South: planned 2 → "2 + 0 = 2".  Roof: planned 0 → "0 + 0 = 0".
 * One saved card of two instances, Block A and Block B: Total Requirement (4 + 2 + 0) × 2 = 12.
 */
async function plannedProject(call: ApiCall, unique: Unique) {
  const category = await call<Ref>('/api/categories', { method: 'POST', body: { name: unique('Category') } })
  const tower = await call<Ref>('/api/entities', { method: 'POST', body: { name: unique('Tower'), categoryId: category._id } })
  const villa = await call<Ref>('/api/entities', { method: 'POST', body: { name: unique('Villa'), categoryId: category._id } })
  const cluster = (entity: Ref, prefix: string) =>
    call<Ref>('/api/clusters', { method: 'POST', body: { category: category._id, entityType: entity._id, name: unique(prefix), description: null } })
  const north = await cluster(tower, 'North')
  const south = await cluster(tower, 'South')
  const roof = await cluster(tower, 'Roof')
  const garden = await cluster(villa, 'Garden')
  const role = await call<Ref>('/roles', { method: 'POST', body: { name: unique('Surveyor'), permissions: ['view'] } })
  const planning = await call<{ _id: string; typeName: string }>('/api/planning', {
    method: 'POST',
    body: { categoryId: category._id, entityId: tower._id, typeName: unique('Standard'), roleClusters: [{ roleId: role._id, clusters: [north._id, south._id, roof._id] }] },
  })
  await call('/api/resource-planning-templates', {
    method: 'POST',
    body: {
      categoryId: category._id,
      entityId: tower._id,
      planningId: planning._id,
      roleClusters: [
        {
          roleId: role._id,
          clusters: [
            {
              clusterId: [north._id],
              plannedPeople: 5,
              isInterchange: true,
              interchanges: [
                { interchangePeople: 2, interchangeFrom: { entityId: villa._id, clusterId: garden._id } },
                { interchangePeople: 1, interchangeFrom: { entityId: tower._id, clusterId: south._id } },
              ],
            },
            { clusterId: [south._id], plannedPeople: 2, isInterchange: false, interchanges: [] },
            { clusterId: [roof._id], plannedPeople: 0, isInterchange: false, interchanges: [] },
          ],
        },
      ],
    },
  })
  const project = await call<Ref>('/api/projects', { method: 'POST', body: { name: unique('Project') } })
  const card = await call<Card>('/api/project-resource-instances', {
    method: 'POST',
    body: { projectId: project._id, categoryId: category._id, entityId: tower._id, typeId: planning._id, number: 2, names: ['Block A', 'Block B'] },
  })
  const instance = (name: string) => card.names.find((entry) => entry.name === name)!.projectEntityId
  return { call, category, tower, villa, north, south, roof, garden, role, planning, project, card, blockA: instance('Block A'), blockB: instance('Block B') }
}
type Plan = Awaited<ReturnType<typeof plannedProject>>

const test = base.extend<{ plan: Plan }>({
  plan: async ({ adminApi, unique }, provide) => provide(await plannedProject(adminApi, unique)),
})

/**
 * People to tag, made through the API, whose emails share a token the search can find: the first
 * ones get a full name (their chip shows it), the last none (its chip shows the email).
 */
async function people(admin: AdminSession, unique: Unique, count: number, named: number) {
  const tag = `uem${unique.tag()}`
  const made: { _id: string; email: string; label: string }[] = []
  for (let i = 0; i < count; i++) {
    const user = await createVerifiedUser(uniqueEmail(tag))
    const id = await admin.userIdOf(user.email)
    let label = user.email
    if (i < named) {
      label = `${['Asha', 'Ravi', 'Meena'][i]} ${unique.tag()}`
      await admin.updateProfile(id, { personal: { name: label, phone: '+91 98765 43210', dob: '1990-04-12' } })
    }
    made.push({ _id: id, email: user.email, label })
  }
  return { tag, users: made }
}

const mappingsOf = (plan: Plan) => plan.call<Mapping[]>(`/api/project-entity-user-mappings?${new URLSearchParams({ projectId: plan.project._id })}`)
const projectUrl = (plan: Plan) => `${PATH}?${new URLSearchParams({ projectId: plan.project._id })}`

const main = (page: Page) => page.getByRole('main')
const total = (page: Page, term: string) => main(page).getByRole('region', { name: 'Totals' }).locator(`dt:text-is("${term}") + dd`)
async function expectTotals(page: Page, requirement: number, tagged: number, yet: number) {
  await expect(total(page, 'Total Requirement')).toHaveText(String(requirement))
  await expect(total(page, 'Total Tagged Users')).toHaveText(String(tagged))
  await expect(total(page, 'Yet to Be Recruited')).toHaveText(String(yet))
}
const instance = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true })
const clusterRow = (page: Page, instanceName: string, cluster: Ref) =>
  instance(page, instanceName)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader').filter({ hasText: cluster.name }) })
const chips = (row: Locator) => row.getByRole('list', { name: 'Tagged users' }).getByRole('listitem')
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Assign Users' })
/**
 * Where a save says so (issue 29): with JavaScript in its row, where the popover was; without, in
 * the flash at the top of the page, which lands back at the row.
 */
const savedNotice = (page: Page, row: Locator) => (isNoJs() ? main(page).getByRole('status') : row).getByText('Saved successfully', { exact: true })

/**
 * Searches the server for the test's own users (the search finds exactly `found` of them) and picks
 * some: options of the multi-select with JavaScript, checkboxes without.
 */
async function pick(page: Page, search: string, found: number, labels: string[]) {
  if (isNoJs()) {
    await dialog(page).getByRole('searchbox', { name: 'Search Users' }).fill(search)
    await dialog(page).getByRole('button', { name: 'Search' }).click()
    await expect(dialog(page).getByRole('checkbox')).toHaveCount(found)
    for (const label of labels) await dialog(page).getByRole('checkbox', { name: label }).check()
    return
  }
  await dialog(page).getByRole('combobox', { name: 'Search Users' }).fill(search)
  await expect(dialog(page).getByRole('option')).toHaveCount(found)
  for (const label of labels) await dialog(page).getByRole('option', { name: label }).click()
}

test.describe('User Entity Mapping', () => {
  test('choosing a project shows its totals, its card, each instance with its roles open and the tagging requirement per cluster', async ({ page, plan, open }) => {
    await open(PATH)
    await expect(main(page).getByText('No project entities found', { exact: true })).toBeVisible()

    await main(page).getByRole('combobox', { name: 'Project' }).selectOption({ label: plan.project.name })
    if (isNoJs()) await main(page).getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(projectUrl(plan))
    await expectTotals(page, 12, 0, 12)

    const card = main(page).getByRole('region', { name: `${plan.category.name} / ${plan.tower.name} / ${plan.planning.typeName}` })
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(['Block A', 'Block B'])
    for (const name of ['Block A', 'Block B']) {
      const role = instance(page, name).locator('details', { hasText: plan.role.name })
      await expect(role).toHaveAttribute('open', '')
      await expect(role.locator('summary')).toHaveText(`${plan.role.name} 3 clusters`)
      await expect(role.getByRole('columnheader')).toHaveText([
        'Cluster',
        'Planned People',
        'Remaining People',
        'Interchange',
        'Interchange People',
        'Interchange From',
        'Requirement',
        'Tag Users',
      ])
    }
    const north = clusterRow(page, 'Block A', plan.north)
    await expect(north.getByRole('cell')).toHaveText([
      '5',
      '2',
      'Yes',
      '3',
      `2 from ${plan.villa.name} / ${plan.garden.name}1 from ${plan.tower.name} / ${plan.south.name}`,
      '2 + 2 = 4',
      'Assign Users',
    ])
    await expect(clusterRow(page, 'Block A', plan.south).getByRole('cell').nth(5)).toHaveText('2 + 0 = 2')
    await expect(clusterRow(page, 'Block B', plan.roof).getByRole('cell').nth(5)).toHaveText('0 + 0 = 0')
  })

  test('tagging users up to the cap shows their chips and "Saved successfully", and Yet to Be Recruited goes down', async ({ page, plan, open, admin, unique }) => {
    const { tag, users } = await people(admin, unique, 2, 1)
    await open(projectUrl(plan))
    await expectTotals(page, 12, 0, 12)

    const south = clusterRow(page, 'Block A', plan.south)
    await south.getByRole('button', { name: 'Assign Users' }).click()
    await expect(dialog(page)).toBeVisible()
    await expect(dialog(page)).toContainText('Requirement: 2 + 0 = 2')
    // A multi-select with JavaScript, a search box (GET) over checkboxes without.
    await expect(dialog(page).getByRole(isNoJs() ? 'searchbox' : 'combobox', { name: 'Search Users' })).toHaveAttribute('placeholder', 'Type name or email')
    await pick(page, tag, users.length, users.map((user) => user.label))
    if (!isNoJs()) {
      await expect(dialog(page).getByRole('list', { name: 'Selected users' }).getByRole('listitem')).toHaveText(users.map((user) => `${user.label}×`))
    }
    await dialog(page).getByRole('button', { name: 'Save' }).click()

    await expect(savedNotice(page, south)).toBeVisible()
    await expect(dialog(page)).toBeHidden()
    // Full name, else email; in name order.
    await expect(chips(south)).toHaveText([users[0].label, users[1].email])
    await expectTotals(page, 12, 2, 10)
    const saved = (await mappingsOf(plan)).filter((row) => row.projectEntityId === plan.blockA && row.clusterId === plan.south._id)
    expect(saved.map((row) => row.user._id).sort()).toEqual(users.map((user) => user._id).sort())
    // The other instance's row is untouched.
    await expect(chips(clusterRow(page, 'Block B', plan.south))).toHaveCount(0)
  })

  test('one instance at a time: the first open, the others a link away with their counts; tagging there comes back to the same instance; All instances shows every one', async ({ page, plan, open, admin, unique }) => {
    const { tag, users } = await people(admin, unique, 1, 1)
    await open(projectUrl(plan))
    const modes = main(page).getByRole('navigation', { name: 'Instances shown' })
    await expect(modes.getByRole('link', { name: 'All instances' })).toHaveAttribute('aria-current', 'page')
    await modes.getByRole('link', { name: 'One at a time' }).click()
    await expect(page).toHaveURL(new RegExp(`instance=${plan.blockA}`))
    await expect(main(page).getByRole('heading', { level: 3 })).toHaveText(['Block A'])
    await expect(main(page).getByRole('link', { name: 'Block B' })).toBeVisible()
    await expect(main(page).getByText('0 of 6 tagged')).toBeVisible()
    // The totals stay the project's.
    await expectTotals(page, 12, 0, 12)

    await main(page).getByRole('link', { name: 'Block B' }).click()
    await expect(page).toHaveURL(new RegExp(`instance=${plan.blockB}`))
    await expect(main(page).getByRole('heading', { level: 3 })).toHaveText(['Block B'])
    const south = clusterRow(page, 'Block B', plan.south)
    await south.getByRole('button', { name: 'Assign Users' }).click()
    await pick(page, tag, 1, [users[0].label])
    await dialog(page).getByRole('button', { name: 'Save' }).click()
    await expect(savedNotice(page, south)).toBeVisible()
    await expect(main(page).getByRole('heading', { level: 3 })).toHaveText(['Block B'])
    await expect(main(page).getByRole('link', { name: 'Block A' })).toBeVisible()
    await expectTotals(page, 12, 1, 11)

    await main(page).getByRole('link', { name: 'Block A' }).click()
    await expect(main(page).getByText('1 of 6 tagged')).toBeVisible()
    await modes.getByRole('link', { name: 'All instances' }).click()
    await expect(main(page).getByRole('heading', { level: 3 })).toHaveText(['Block A', 'Block B'])
  })

  test('selecting beyond the requirement is refused and nothing is saved', async ({ page, plan, open, admin, unique }) => {
    const { tag, users } = await people(admin, unique, 3, 2)
    await open(projectUrl(plan))
    const south = clusterRow(page, 'Block A', plan.south)
    await south.getByRole('button', { name: 'Assign Users' }).click()

    if (isNoJs()) {
      // Without JavaScript the selection is a set of checkboxes: the refusal comes on Save.
      await pick(page, tag, users.length, users.map((user) => user.label))
      await dialog(page).getByRole('button', { name: 'Save' }).click()
      await expect(dialog(page).getByRole('alert')).toHaveText('Assigned 3 exceeds requirement of 2.')
      for (const user of users) await expect(dialog(page).getByRole('checkbox', { name: user.label })).toBeChecked()
      await dialog(page).getByRole('link', { name: 'Cancel' }).click()
    } else {
      await pick(page, tag, users.length, [users[0].label, users[1].label])
      await dialog(page).getByRole('option', { name: users[2].label }).click()
      await expect(dialog(page).getByRole('alert')).toHaveText('Cannot assign more than 2 users for this cluster.')
      await expect(dialog(page).getByRole('option', { name: users[2].label })).toHaveAttribute('aria-selected', 'false')
      await expect(dialog(page).getByRole('list', { name: 'Selected users' }).getByRole('listitem')).toHaveCount(2)
      await dialog(page).getByRole('button', { name: 'Cancel' }).click()
    }
    await expect(dialog(page)).toBeHidden()
    await expect(chips(south)).toHaveCount(0)
    await expectTotals(page, 12, 0, 12)
    expect(await mappingsOf(plan)).toEqual([])
  })

  test('a cluster whose requirement is 0 says that users cannot be assigned', async ({ page, plan, open }) => {
    await open(projectUrl(plan))
    await clusterRow(page, 'Block B', plan.roof).getByRole('button', { name: 'Assign Users' }).click()
    await expect(dialog(page)).toContainText('Requirement: 0 + 0 = 0')
    await expect(dialog(page).getByRole('alert')).toHaveText('Requirement for this cluster is 0 — cannot assign users.')
  })

  test('users tagged through the API show as chips and count in the totals', async ({ page, plan, open, admin, unique }) => {
    const { users } = await people(admin, unique, 1, 1)
    await plan.call('/api/project-entity-user-mappings/replace', {
      method: 'POST',
      body: { projectId: plan.project._id, projectEntityId: plan.blockB, roleId: plan.role._id, clusterIds: [plan.north._id], userIds: [users[0]._id] },
    })
    await open(projectUrl(plan))
    await expect(chips(clusterRow(page, 'Block B', plan.north))).toHaveText([users[0].label])
    await expectTotals(page, 12, 1, 11)
  })

  test('a project without cards says it has no planning data', async ({ page, open, adminApi: call, unique }) => {
    const project = await call<Ref>('/api/projects', { method: 'POST', body: { name: unique('Empty project') } })
    await open(`${PATH}?${new URLSearchParams({ projectId: project._id })}`)
    await expect(main(page).getByText('No project resource planning data found for this project.', { exact: true })).toBeVisible()
    await expectTotals(page, 0, 0, 0)
  })

  test('a user who may view but not add sees the chips and no Assign Users, even by URL', async ({ page, plan, open, admin, unique, viewer }) => {
    const { users } = await people(admin, unique, 1, 1)
    await plan.call('/api/project-entity-user-mappings/replace', {
      method: 'POST',
      body: { projectId: plan.project._id, projectEntityId: plan.blockA, roleId: plan.role._id, clusterIds: [plan.south._id], userIds: [users[0]._id] },
    })

    const key = `${plan.blockA}:${plan.role._id}:${plan.south._id}`
    await open(`${PATH}?${new URLSearchParams({ projectId: plan.project._id, assign: key })}`, viewer)
    const south = clusterRow(page, 'Block A', plan.south)
    await expect(chips(south)).toHaveText([users[0].label])
    await expect(main(page).getByRole('button', { name: 'Assign Users' })).toHaveCount(0)
    await expect(dialog(page)).toHaveCount(0)
  })

  test("Assign Users lists those who hold the row's role first, then the others, marked with their own role", async ({ page, plan, open, admin, unique }) => {
    const { tag, users } = await people(admin, unique, 3, 3)
    // Meena, last by name, holds the plan's role; Asha and Ravi hold none ('User').
    await admin.updateProfile(users[2]!._id, { roleId: plan.role._id })
    await open(projectUrl(plan))
    await clusterRow(page, 'Block A', plan.south).getByRole('button', { name: 'Assign Users' }).click()
    if (isNoJs()) {
      await dialog(page).getByRole('searchbox', { name: 'Search Users' }).fill(tag)
      await dialog(page).getByRole('button', { name: 'Search' }).click()
    } else {
      await dialog(page).getByRole('combobox', { name: 'Search Users' }).fill(tag)
    }
    const choices = dialog(page).locator(isNoJs() ? 'label.checkbox' : '[role="option"]')
    await expect(choices).toHaveCount(3)
    await expect(choices.nth(0)).toContainText(users[2]!.label)
    await expect(choices.nth(0)).not.toContainText('Other role')
    // The others after them (in the search's own order), each marked with the role they hold.
    for (const user of [users[0]!, users[1]!]) await expect(choices.filter({ hasText: user.label })).toContainText('Other role: User')
    await expect(choices.filter({ hasText: 'Other role: User' })).toHaveCount(2)
    // Each still shows their load over the cluster's dates, as before.
    await expect(choices.nth(0)).toContainText('0 assignments in these dates')
  })

  test('Assign Users opens at its row: the popover beside it with JavaScript, the page at the row without; a save comes back to the row', async ({ page, plan, open, admin, unique }) => {
    const { tag, users } = await people(admin, unique, 1, 1)
    await page.setViewportSize({ width: 1024, height: 700 })
    await open(projectUrl(plan))
    const row = clusterRow(page, 'Block B', plan.south)
    await row.getByRole('button', { name: 'Assign Users' }).click()
    await expect(dialog(page)).toBeVisible()
    if (isNoJs()) {
      await expect(page).toHaveURL(/#tags-/)
      await expect(row).toBeInViewport()
    } else {
      const [near, box] = [(await row.boundingBox())!, (await dialog(page).boundingBox())!]
      // Right under the row or right over it, never across the page from it.
      expect(Math.min(Math.abs(box.y - (near.y + near.height)), Math.abs(box.y + box.height - near.y))).toBeLessThan(60)
    }
    await pick(page, tag, 1, [users[0]!.label])
    await dialog(page).getByRole('button', { name: 'Save' }).click()
    await expect(savedNotice(page, row)).toBeVisible()
    await expect(chips(row)).toHaveText([users[0]!.label])
    await expect(row).toBeInViewport()
    if (isNoJs()) {
      await expect(page).toHaveURL(/#tags-/)
      expect(page.url()).not.toContain('assign=')
      // A flash: shown once, not again on a reload.
      await page.reload()
      await expect(main(page).getByText('Saved successfully', { exact: true })).toHaveCount(0)
    }
  })
})
