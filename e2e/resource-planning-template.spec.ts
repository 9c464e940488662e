import { expect, test as base, type ApiCall, type Locator, type Page, type Unique } from './support/fixtures'
import { hydrated, isNoJs, withoutJavaScript } from './support/session'

const PATH = '/resource-planning-template'
const SAVE_CONFIRMATION = 'This action can’t be undone. Are you sure you want to save these changes?'

interface Ref {
  _id: string
  name: string
}
/**
 * A plan of its own for each test, made through the API as the administrator: a category with
 * two entities; the planned entity has four clusters (North and East described, South not), the
 * other one cluster; a planning type where Engineer plans North and South and Developer plans
 * East and West as one group.
 */
async function setUpPlan(call: ApiCall, unique: Unique) {
  const category = await call<Ref>('/api/categories', { method: 'POST', body: { name: unique('Category') } })
  const entity = await call<Ref>('/api/entities', { method: 'POST', body: { name: unique('Tower'), categoryId: category._id } })
  const other = await call<Ref>('/api/entities', { method: 'POST', body: { name: unique('Villa'), categoryId: category._id } })
  const cluster = (owner: Ref, prefix: string, description: string | null) =>
    call<Ref>('/api/clusters', { method: 'POST', body: { category: category._id, entityType: owner._id, name: unique(prefix), description } })
  const north = await cluster(entity, 'North', 'North wing, floors 1 to 10')
  const south = await cluster(entity, 'South', null)
  const east = await cluster(entity, 'East', 'East wing and podium')
  const west = await cluster(entity, 'West', 'West wing')
  const source = await cluster(other, 'Garden', 'Garden villas')
  const { roles } = await call<{ roles: Ref[] }>('/roles')
  const engineer = roles.find((role) => role.name === 'Engineer')!
  const developer = roles.find((role) => role.name === 'Developer')!
  const planning = await call<{ _id: string; typeName: string }>('/api/planning', {
    method: 'POST',
    body: {
      categoryId: category._id,
      entityId: entity._id,
      typeName: unique('Type'),
      roleClusters: [
        { roleId: engineer._id, clusters: [north._id, south._id] },
        { roleId: developer._id, clusters: [east._id, west._id] },
      ],
    },
  })
  await call(`/api/planning/${planning._id}/groups`, { method: 'PUT', body: { roleId: developer._id, groups: [[east._id, west._id]] } })
  const url = `${PATH}?${new URLSearchParams({ categoryId: category._id, entityId: entity._id, planningId: planning._id })}`
  return { call, category, entity, other, north, south, east, west, source, engineer, developer, planning, url, group: `${east.name} + ${west.name}` }
}
type Plan = Awaited<ReturnType<typeof setUpPlan>>

const test = base.extend<{ plan: Plan }>({
  plan: async ({ adminApi, unique }, provide) => provide(await setUpPlan(adminApi, unique)),
})

/** Saves the plan's template through the API: North 5 with 2 from the other entity's cluster, South 3. */
async function saveThroughApi(plan: Plan) {
  await plan.call('/api/resource-planning-templates', {
    method: 'POST',
    body: {
      categoryId: plan.category._id,
      entityId: plan.entity._id,
      planningId: plan.planning._id,
      roleClusters: [
        {
          roleId: plan.engineer._id,
          clusters: [
            { clusterId: [plan.north._id], plannedPeople: 5, isInterchange: true, interchanges: [{ interchangePeople: 2, interchangeFrom: { entityId: plan.other._id, clusterId: plan.source._id } }] },
            { clusterId: [plan.south._id], plannedPeople: 3, isInterchange: false, interchanges: [] },
          ],
        },
      ],
    },
  })
}

const editor = (page: Page) => page.getByRole('form', { name: 'Template' })
const clusterRow = (page: Page, label: string) => editor(page).getByRole('row').filter({ has: page.getByRole('rowheader').filter({ hasText: label }) })
const templatesTable = (page: Page) => page.getByRole('region', { name: 'Templates', exact: true })
const listedRow = (page: Page, plan: Plan, cluster: string) =>
  templatesTable(page).getByRole('row').filter({ hasText: plan.planning.typeName }).filter({ hasText: cluster })
const interchangeDialog = (page: Page) => page.getByRole('dialog', { name: 'Manage Interchanges' })
/** The cluster names that open their description: buttons with JavaScript, a disclosure's summary without. */
const nameOf = (scope: Locator) => scope.getByRole('rowheader').locator('button, summary')

/** Without JavaScript a choice applies on Apply; with it, on change. */
async function applyChoice(page: Page) {
  if (isNoJs()) await page.getByRole('button', { name: 'Apply' }).click()
}

/** Ticks Interchange on the row and opens Manage Interchanges. */
async function openInterchanges(page: Page, label: string) {
  const row = clusterRow(page, label)
  await row.getByRole('checkbox', { name: 'Interchange' }).check()
  await row.getByRole('button', { name: 'Select Interchanges' }).click()
  await expect(interchangeDialog(page)).toBeVisible()
  return interchangeDialog(page)
}

/** Picks the entity of an interchange row; without JavaScript its clusters come on "Show clusters". */
async function chooseSource(dialog: Locator, n: number, entity: string, cluster: string) {
  await dialog.getByRole('combobox', { name: `Entity ${n}` }).selectOption({ label: entity })
  if (isNoJs()) await dialog.getByRole('button', { name: `Show clusters ${n}` }).click()
  await dialog.getByRole('combobox', { name: `Cluster ${n}` }).selectOption({ label: cluster })
}

test.describe('Resource Planning Template', () => {
  test('category, then entity, then type; each role lists its clusters, a group as one combined label', async ({ page, plan, open }) => {
    await open(PATH)
    const entity = page.getByRole('combobox', { name: 'Entity', exact: true })
    const type = page.getByRole('combobox', { name: 'Type', exact: true })
    await expect(entity).toBeDisabled()
    await expect(type).toBeDisabled()

    await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: plan.category.name })
    await applyChoice(page)
    await expect(entity).toBeEnabled()
    await expect(type).toBeDisabled()
    // Entities by name: 'Tower …' before 'Villa …'.
    await expect(entity.getByRole('option')).toHaveText(['Select entity', plan.entity.name, plan.other.name])
    await entity.selectOption({ label: plan.entity.name })
    await applyChoice(page)
    await expect(type).toBeEnabled()
    await type.selectOption({ label: plan.planning.typeName })
    await applyChoice(page)
    await expect(page).toHaveURL(plan.url)

    const roles = editor(page).getByRole('region')
    await expect(roles.getByRole('heading', { level: 2 })).toHaveText(['Engineer', 'Developer'])
    await expect(nameOf(roles.filter({ hasText: 'Engineer' }))).toHaveText([plan.north.name, plan.south.name])
    await expect(nameOf(roles.filter({ hasText: 'Developer' }))).toHaveText([plan.group])
    await expect(roles.first().getByRole('columnheader')).toHaveText(['Cluster', 'People Required', 'Interchange', 'Interchanges'])

    const row = clusterRow(page, plan.north.name)
    const people = row.getByRole('spinbutton', { name: 'People Required' })
    await expect(people).toHaveAttribute('min', '0')
    await expect(people).toHaveValue('')
    await expect(row.getByRole('checkbox', { name: 'Interchange' })).not.toBeChecked()
    await expect(page.getByRole('button', { name: 'Save Template' })).toBeVisible()

    // Changing the category resets the entity and the type (spec/administration-planning.md §4).
    await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Select category' })
    await applyChoice(page)
    await expect(entity).toBeDisabled()
    await expect(type).toBeDisabled()
    await expect(editor(page).getByRole('region')).toHaveCount(0)
  })

  test('plan a cluster with an interchange from another entity, save it, and see it in the template table', async ({ page, plan, open }) => {
    await open(plan.url)
    const row = clusterRow(page, plan.north.name)
    await row.getByRole('spinbutton', { name: 'People Required' }).fill('5')
    if (!isNoJs()) await expect(row.getByRole('button', { name: 'Select Interchanges' })).toBeDisabled()
    const dialog = await openInterchanges(page, plan.north.name)

    await expect(dialog.getByRole('spinbutton', { name: 'Direct' })).toHaveValue('5')
    await expect(dialog.getByRole('spinbutton', { name: 'Direct' })).toHaveAttribute('readonly', '')
    await expect(dialog.getByText('(Planned: 5)', { exact: true })).toBeVisible()
    const people = dialog.getByRole('spinbutton', { name: 'Interchange people 1' })
    await expect(people).toHaveAttribute('min', '1')
    await expect(dialog.getByRole('combobox', { name: 'Entity 1' }).getByRole('option', { name: '-- Entity --' })).toBeAttached()
    await expect(dialog.getByRole('combobox', { name: 'Cluster 1' })).toBeDisabled()
    await expect(dialog.getByRole('combobox', { name: 'Cluster 1' }).getByRole('option', { name: '-- Cluster --' })).toBeAttached()

    await chooseSource(dialog, 1, plan.other.name, plan.source.name)
    await expect(dialog.getByRole('combobox', { name: 'Cluster 1' }).getByRole('option')).toHaveText(['-- Cluster --', plan.source.name])
    await dialog.getByRole('spinbutton', { name: 'Interchange people 1' }).fill('6')
    if (isNoJs()) await dialog.getByRole('button', { name: 'Save' }).click()
    else await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled()
    await expect(dialog.getByText('Total interchange people cannot exceed planned people.', { exact: true })).toBeVisible()

    await dialog.getByRole('spinbutton', { name: 'Interchange people 1' }).fill('2')
    if (!isNoJs()) {
      await expect(dialog.getByRole('spinbutton', { name: 'Direct' })).toHaveValue('3')
      await expect(dialog.getByText('Total interchange people cannot exceed planned people.', { exact: true })).toHaveCount(0)
    }
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // Kept in the page form until the template is saved.
    await expect(clusterRow(page, plan.north.name).getByText(`2 from ${plan.other.name} / ${plan.source.name}`)).toBeVisible()
    await expect(clusterRow(page, plan.north.name).getByRole('spinbutton', { name: 'People Required' })).toHaveValue('5')
    await expect(templatesTable(page).getByText(plan.planning.typeName)).toHaveCount(0)

    await clusterRow(page, plan.group).getByRole('spinbutton', { name: 'People Required' }).fill('4')
    await page.getByRole('button', { name: 'Save Template' }).click()
    await expect(listedRow(page, plan, plan.north.name).getByRole('cell')).toHaveText([
      plan.category.name,
      plan.entity.name,
      plan.planning.typeName,
      'Engineer',
      plan.north.name,
      '5',
      'Yes',
      `2 from ${plan.other.name} / ${plan.source.name}`,
      'Delete',
    ])
    await expect(listedRow(page, plan, plan.group).getByRole('cell').nth(5)).toHaveText('4')
    await expect(listedRow(page, plan, plan.group).getByRole('cell').nth(6)).toHaveText('No')
    // South had no planned people: not part of the template.
    await expect(listedRow(page, plan, plan.south.name)).toHaveCount(0)
    // The saved values fill the form again.
    await expect(clusterRow(page, plan.north.name).getByRole('spinbutton', { name: 'People Required' })).toHaveValue('5')
    await expect(clusterRow(page, plan.north.name).getByRole('checkbox', { name: 'Interchange' })).toBeChecked()
  })

  test("saving a template that exists asks 'Save Changes'; Confirm saves the new values", async ({ page, plan, open }) => {
    await saveThroughApi(plan)
    await open(plan.url)
    const people = clusterRow(page, plan.north.name).getByRole('spinbutton', { name: 'People Required' })
    await expect(people).toHaveValue('5')
    await expect(clusterRow(page, plan.south.name).getByRole('spinbutton', { name: 'People Required' })).toHaveValue('3')
    await expect(clusterRow(page, plan.north.name).getByRole('checkbox', { name: 'Interchange' })).toBeChecked()
    await people.fill('7')
    await page.getByRole('button', { name: 'Save Template' }).click()

    const confirm = page.getByRole('dialog', { name: 'Save Changes' })
    await expect(confirm.getByText(SAVE_CONFIRMATION, { exact: true })).toBeVisible()
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeVisible()
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const cells = listedRow(page, plan, plan.north.name).getByRole('cell')
    await expect(cells.nth(5)).toHaveText('7')
    await expect(cells.nth(6)).toHaveText('Yes')
    await expect(cells.nth(7)).toHaveText(`2 from ${plan.other.name} / ${plan.source.name}`)
    await expect(listedRow(page, plan, plan.south.name).getByRole('cell').nth(5)).toHaveText('3')
    await expect(people).toHaveValue('7')
  })

  test("Cancel on 'Save Changes' discards the save", async ({ page, plan, open }) => {
    await saveThroughApi(plan)
    await open(plan.url)
    await clusterRow(page, plan.north.name).getByRole('spinbutton', { name: 'People Required' }).fill('9')
    await page.getByRole('button', { name: 'Save Template' }).click()
    const confirm = page.getByRole('dialog', { name: 'Save Changes' })
    await expect(confirm).toBeVisible()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(listedRow(page, plan, plan.north.name).getByRole('cell').nth(5)).toHaveText('5')
    // What was typed stays in the form.
    await expect(clusterRow(page, plan.north.name).getByRole('spinbutton', { name: 'People Required' })).toHaveValue('9')
    await page.reload()
    await expect(listedRow(page, plan, plan.north.name).getByRole('cell').nth(5)).toHaveText('5')
  })

  test("a cluster item is deleted after 'Delete this cluster?'", async ({ page, plan, open }) => {
    await saveThroughApi(plan)
    await open(plan.url)
    await listedRow(page, plan, plan.south.name).getByRole('link', { name: /^Delete/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this cluster?' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText(plan.south.name)).toBeVisible()
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(listedRow(page, plan, plan.south.name)).toHaveCount(1)

    await listedRow(page, plan, plan.south.name).getByRole('link', { name: /^Delete/ }).click()
    await page.getByRole('dialog', { name: 'Delete this cluster?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(listedRow(page, plan, plan.south.name)).toHaveCount(0)
    await expect(listedRow(page, plan, plan.north.name)).toHaveCount(1)
    await expect(page).toHaveURL(plan.url)
    await expect(clusterRow(page, plan.south.name).getByRole('spinbutton', { name: 'People Required' })).toHaveValue('')
  })

  test("Delete answers the server's message when it fails, and 'Cluster ID is missing' without an id", async ({ page, plan, open }) => {
    await saveThroughApi(plan)
    const { template } = await plan.call<{ template: { _id: string } }>(
      `/api/resource-planning-templates/by-combo?${new URLSearchParams({ categoryId: plan.category._id, entityId: plan.entity._id, planningId: plan.planning._id })}`,
    )
    const ask = (itemId: string) => `${plan.url}&${new URLSearchParams({ confirmDelete: `${template._id}:${plan.engineer._id}:${itemId}` })}`

    await open(ask(''))
    let dialog = page.getByRole('dialog', { name: 'Delete this cluster?' })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Cluster ID is missing')

    await page.goto(ask('00000000-0000-4000-8000-000000000000'))
    await hydrated(page)
    dialog = page.getByRole('dialog', { name: 'Delete this cluster?' })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Cluster not found in this template')
    await expect(listedRow(page, plan, plan.north.name)).toHaveCount(1)
    await expect(listedRow(page, plan, plan.south.name)).toHaveCount(1)
  })

  test('a refused save says so: creating, and the confirmed update', async ({ page, plan, open }) => {
    const regroup = (groups: (string | string[])[]) =>
      plan.call(`/api/planning/${plan.planning._id}/groups`, { method: 'PUT', body: { roleId: plan.engineer._id, groups } })
    await open(plan.url)
    await clusterRow(page, plan.north.name).getByRole('spinbutton', { name: 'People Required' }).fill('2')
    // Meanwhile North and South become one group: North alone is no longer a cluster of Engineer.
    await regroup([[plan.north._id, plan.south._id]])
    await page.getByRole('button', { name: 'Save Template' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Error creating template. Please try again.' })).toBeVisible()
    await expect(templatesTable(page).getByText(plan.planning.typeName)).toHaveCount(0)

    await regroup([plan.north._id, plan.south._id])
    await saveThroughApi(plan)
    await page.goto(plan.url)
    await hydrated(page)
    await clusterRow(page, plan.north.name).getByRole('spinbutton', { name: 'People Required' }).fill('6')
    await page.getByRole('button', { name: 'Save Template' }).click()
    const confirm = page.getByRole('dialog', { name: 'Save Changes' })
    await expect(confirm).toBeVisible()
    await regroup([[plan.north._id, plan.south._id]])
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Error updating template. Please try again.' })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(listedRow(page, plan, plan.north.name).getByRole('cell').nth(5)).toHaveText('5')
  })

  test("a cluster name opens its description; one without reads 'No description available.'", async ({ page, plan, open }) => {
    await open(plan.url)
    const north = clusterRow(page, plan.north.name)
    await expect(north.getByText('North wing, floors 1 to 10', { exact: true })).toBeHidden()
    await nameOf(north).click()
    await expect(north.getByText('North wing, floors 1 to 10', { exact: true })).toBeVisible()
    await nameOf(north).click()
    await expect(north.getByText('North wing, floors 1 to 10', { exact: true })).toBeHidden()

    const south = clusterRow(page, plan.south.name)
    await nameOf(south).click()
    await expect(south.getByText('No description available.', { exact: true })).toBeVisible()

    // A group describes each of its clusters.
    const group = clusterRow(page, plan.group)
    await nameOf(group).click()
    await expect(group.getByText('East wing and podium', { exact: true })).toBeVisible()
    await expect(group.getByText('West wing', { exact: true })).toBeVisible()
  })

  test("the page's alerts: no type chosen, and no planned people", async ({ page, plan, open }) => {
    await open(`${PATH}?${new URLSearchParams({ categoryId: plan.category._id, entityId: plan.entity._id })}`)
    await page.getByRole('button', { name: 'Save Template' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Please select both a planning type and an entity.' })).toBeVisible()

    await page.goto(plan.url)
    await hydrated(page)
    await page.getByRole('button', { name: 'Save Template' }).click()
    // The API's answer, shown as the spec words it: no field name before it.
    await expect(editor(page).getByRole('alert')).toHaveText('Please enter planned people for at least one cluster.')
    await expect(templatesTable(page).getByText(plan.planning.typeName)).toHaveCount(0)
  })

  test('Manage Interchanges: Add is disabled at the planned total, rows remove down to one, an entity change clears the cluster, all fields are needed', async ({ page, plan, open }) => {
    await open(plan.url)
    await clusterRow(page, plan.north.name).getByRole('spinbutton', { name: 'People Required' }).fill('3')
    const dialog = await openInterchanges(page, plan.north.name)
    await expect(dialog.getByRole('button', { name: /^Remove/ })).toHaveCount(0)

    await dialog.getByRole('button', { name: 'Add Interchange' }).click()
    await expect(dialog.getByRole('spinbutton', { name: 'Interchange people 2' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: /^Remove/ })).toHaveCount(2)
    await dialog.getByRole('button', { name: 'Remove interchange 2' }).click()
    await expect(dialog.getByRole('spinbutton', { name: 'Interchange people 2' })).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: /^Remove/ })).toHaveCount(0)

    await chooseSource(dialog, 1, plan.other.name, plan.source.name)
    await dialog.getByRole('spinbutton', { name: 'Interchange people 1' }).fill('3')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await clusterRow(page, plan.north.name).getByRole('button', { name: 'Select Interchanges' }).click()
    // The total is at planned: nothing more to add.
    await expect(interchangeDialog(page).getByRole('button', { name: 'Add Interchange' })).toBeDisabled()
    await expect(interchangeDialog(page).getByRole('spinbutton', { name: 'Direct' })).toHaveValue('0')

    // Changing the entity clears the cluster (spec/administration-planning.md §4).
    await interchangeDialog(page).getByRole('combobox', { name: 'Entity 1' }).selectOption({ label: plan.entity.name })
    if (isNoJs()) await interchangeDialog(page).getByRole('button', { name: 'Show clusters 1' }).click()
    await expect(interchangeDialog(page).getByRole('combobox', { name: 'Cluster 1' })).toHaveValue('')
    await expect(interchangeDialog(page).getByRole('combobox', { name: 'Cluster 1' }).getByRole('option', { name: plan.north.name })).toBeAttached()
    await interchangeDialog(page).getByRole('button', { name: 'Save' }).click()
    await expect(interchangeDialog(page).getByText('Please fill all fields for each interchange.', { exact: true })).toBeVisible()

    // Cancel keeps what was saved before.
    await interchangeDialog(page).getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(clusterRow(page, plan.north.name).getByText(`3 from ${plan.other.name} / ${plan.source.name}`)).toBeVisible()
  })

  test("the template table's Interchange People read '{n} from {entity} / {cluster}', and a Delete for each cluster item", async ({ page, plan, open }) => {
    await saveThroughApi(plan)
    await open(PATH)
    await expect(templatesTable(page).getByRole('columnheader')).toHaveText([
      'Category',
      'Entity',
      'Type',
      'Role',
      'Cluster',
      'Planned People',
      'Interchange',
      'Interchange People',
      'Actions',
    ])
    await expect(listedRow(page, plan, plan.north.name).getByRole('cell').nth(7)).toHaveText(`2 from ${plan.other.name} / ${plan.source.name}`)
    await expect(listedRow(page, plan, plan.south.name).getByRole('cell').nth(6)).toHaveText('No')
    await expect(listedRow(page, plan, plan.south.name).getByRole('link', { name: /^Delete/ })).toBeVisible()
  })

  test('a user with view only sees the templates but no Save Template and no Delete', async ({ page, plan, open, viewer }) => {
    await saveThroughApi(plan)
    await open(plan.url, viewer)
    await expect(clusterRow(page, plan.north.name).getByRole('spinbutton', { name: 'People Required' })).toHaveValue('5')
    await expect(listedRow(page, plan, plan.north.name)).toHaveCount(1)
    await expect(page.getByRole('button', { name: 'Save Template' })).toHaveCount(0)
    await expect(templatesTable(page).getByRole('link', { name: /^Delete/ })).toHaveCount(0)
  })

  test("an ordinary user (no permissions) gets the 'Access denied' page", async ({ expectDenied }) => {
    await expectDenied(PATH)
  })

  test.describe('with JavaScript', () => {
    test.skip(withoutJavaScript, 'in-page dialogs, live checks and busy labels need JavaScript')

    test("Confirm reads 'Applying Changes...' while the forced save is sent", async ({ page, plan, open, holdPost }) => {
        await saveThroughApi(plan)
      await open(plan.url)
      await clusterRow(page, plan.north.name).getByRole('spinbutton', { name: 'People Required' }).fill('8')
      await page.getByRole('button', { name: 'Save Template' }).click()
      const confirm = page.getByRole('dialog', { name: 'Save Changes' })
      await expect(confirm).toBeVisible()
      await expect.poll(() => confirm.evaluate((element) => element.matches(':modal'))).toBe(true)
      const posted = holdPost(PATH)
      await confirm.getByRole('button', { name: 'Confirm' }).click()
      await posted
      await expect(confirm.getByRole('button', { name: 'Applying Changes...' })).toBeDisabled()
    })

    test('Manage Interchanges is a modal that keeps what is typed on the page, and Escape closes it', async ({ page, plan, open }) => {
        await open(plan.url)
      await clusterRow(page, plan.south.name).getByRole('spinbutton', { name: 'People Required' }).fill('2')
      await clusterRow(page, plan.north.name).getByRole('spinbutton', { name: 'People Required' }).fill('4')
      const dialog = await openInterchanges(page, plan.north.name)
      await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
      await dialog.getByRole('spinbutton', { name: 'Interchange people 1' }).fill('0')
      await dialog.getByRole('combobox', { name: 'Entity 1' }).selectOption({ label: plan.other.name })
      await dialog.getByRole('combobox', { name: 'Cluster 1' }).selectOption({ label: plan.source.name })
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(dialog.getByText('Interchange people must be greater than 0.', { exact: true })).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(clusterRow(page, plan.south.name).getByRole('spinbutton', { name: 'People Required' })).toHaveValue('2')
      // Unticking Interchange disables the button again.
      await clusterRow(page, plan.north.name).getByRole('checkbox', { name: 'Interchange' }).uncheck()
      await expect(clusterRow(page, plan.north.name).getByRole('button', { name: 'Select Interchanges' })).toBeDisabled()
    })

    test('the description is loaded once and kept: a second opening makes no request', async ({ page, plan, open }) => {
        await open(plan.url)
      const asked: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/resource-planning-template/descriptions')) asked.push(request.url())
      })
      const north = clusterRow(page, plan.north.name)
      const name = north.getByRole('button', { name: plan.north.name })
      await name.click()
      await expect(name).toHaveAttribute('aria-expanded', 'true')
      await expect(north.getByText('North wing, floors 1 to 10', { exact: true })).toBeVisible()
      expect(asked).toHaveLength(1)
      expect(new URL(asked[0]).searchParams.get('ids')).toBe(plan.north._id)
      // A click outside closes it; opening it again uses the kept answer.
      await page.getByRole('heading', { level: 1 }).click()
      await expect(north.getByText('North wing, floors 1 to 10', { exact: true })).toBeHidden()
      await name.click()
      await expect(north.getByText('North wing, floors 1 to 10', { exact: true })).toBeVisible()
      expect(asked).toHaveLength(1)
    })
  })
})
