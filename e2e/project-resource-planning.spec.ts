import { templateItem } from './support/admin-api'
import { expect, test as base, type ApiCall, type Locator, type Page, type Unique } from './support/fixtures'
import { hydrated, isNoJs } from './support/session'
import type { Ref } from '#domain/contracts/common'

const PATH = '/project-resource-planning'

interface Planning {
  _id: string
  typeName: string
}
interface SavedCard {
  typeId: string
  names: { name: string; projectEntityId: string }[]
}

/**
 * A plan of its own for each test, made through the API: a category with the entity Tower
 * (clusters North, South, East) and the entity Villa (cluster Garden, an interchange source); two
 * roles; three planning types of Tower:
 * - Main: Engineer plans North and South, Developer plans East. Its template: North 5 people, 2 of
 *   them interchanged from Villa / Garden; South 3; East 4.
 * - Fitout: Engineer plans North. Its template: North 2.
 * - Empty: Engineer plans South, and no template.
 * And two projects without a global category, and one whose global category is this one.
 */
async function setUp(call: ApiCall, unique: Unique) {
  const post = <T,>(path: string, body: unknown) => call<T>(path, { method: 'POST', body })
  const category = await post<Ref>('/api/categories', { name: unique('Category') })
  const tower = await post<Ref>('/api/entities', { name: unique('Tower'), categoryId: category._id })
  const villa = await post<Ref>('/api/entities', { name: unique('Villa'), categoryId: category._id })
  const cluster = (entity: Ref, prefix: string) => post<Ref>('/api/clusters', { category: category._id, entityType: entity._id, name: unique(prefix), description: null })
  const north = await cluster(tower, 'North')
  const south = await cluster(tower, 'South')
  const east = await cluster(tower, 'East')
  const garden = await cluster(villa, 'Garden')
  const engineer = await post<Ref>('/roles', { name: unique('Engineer'), permissions: ['view'] })
  const developer = await post<Ref>('/roles', { name: unique('Developer'), permissions: ['view'] })
  const planning = (prefix: string, roleClusters: { roleId: string; clusters: string[] }[]) =>
    post<Planning>('/api/planning', { categoryId: category._id, entityId: tower._id, typeName: unique(prefix), roleClusters })
  const main = await planning('Main', [
    { roleId: engineer._id, clusters: [north._id, south._id] },
    { roleId: developer._id, clusters: [east._id] },
  ])
  const fitout = await planning('Fitout', [{ roleId: engineer._id, clusters: [north._id] }])
  const empty = await planning('Empty', [{ roleId: engineer._id, clusters: [south._id] }])
  await post('/api/resource-planning-templates', {
    categoryId: category._id,
    entityId: tower._id,
    planningId: main._id,
    roleClusters: [
      { roleId: engineer._id, clusters: [templateItem(north._id, 5, { people: 2, entityId: villa._id, clusterId: garden._id }), templateItem(south._id, 3)] },
      { roleId: developer._id, clusters: [templateItem(east._id, 4)] },
    ],
  })
  await post('/api/resource-planning-templates', {
    categoryId: category._id,
    entityId: tower._id,
    planningId: fitout._id,
    roleClusters: [{ roleId: engineer._id, clusters: [templateItem(north._id, 2)] }],
  })
  const project = await post<Ref>('/api/projects', { name: unique('Project') })
  const other = await post<Ref>('/api/projects', { name: unique('Other project') })
  const fixed = await post<Ref>('/api/projects', { name: unique('Fixed project'), globalCategory: category._id })
  /** Saves a card through the API, as an earlier visit to the screen would have. */
  const saveCard = (projectId: string, type: Planning, names: string[]) =>
    post('/api/project-resource-instances', { projectId, categoryId: category._id, entityId: tower._id, typeId: type._id, number: names.length, names })
  const cardsOf = (projectId: string) => call<SavedCard[]>(`/api/project-resource-instances?${new URLSearchParams({ projectId })}`)
  return { call, category, tower, villa, north, south, east, garden, engineer, developer, main, fitout, empty, project, other, fixed, saveCard, cardsOf }
}
type Plan = Awaited<ReturnType<typeof setUp>>

const projectPath = (project: Ref) => `${PATH}?${new URLSearchParams({ projectId: project._id })}`

const test = base.extend<{ plan: Plan }>({
  plan: async ({ adminApi, unique }, provide) => provide(await setUp(adminApi, unique)),
})

const nextCard = (page: Page) => page.getByRole('region', { name: 'Next card' })
const select = (page: Page, name: 'Project' | 'Category' | 'Entity' | 'Type') => page.getByRole('combobox', { name, exact: true })
/** A card, by its heading "{entity} / {type}". */
const cardOf = (page: Page, plan: Plan, type: Planning) => page.getByRole('region', { name: `${plan.tower.name} / ${type.typeName}`, exact: true })
const names = (card: Locator) => card.getByRole('textbox')
/** The card's instance names, in order, as their inputs hold them. */
async function expectNames(card: Locator, values: string[]) {
  await expect(names(card)).toHaveCount(values.length)
  for (const [at, value] of values.entries()) await expect(names(card).nth(at)).toHaveValue(value)
}
const message = (page: Page, text: string) => page.getByText(text, { exact: true })

/** Picks an option; with JavaScript the page applies it on change, without it on Apply. */
async function pick(page: Page, name: 'Project' | 'Category' | 'Entity' | 'Type', label: string) {
  await select(page, name).selectOption({ label })
  if (isNoJs()) await page.getByRole('button', { name: 'Apply' }).click()
  else if (name !== 'Project') await expect(select(page, name)).toBeEnabled()
}

/** Chooses category, entity and type, sets Number for the next card and presses Add. */
async function addCard(page: Page, plan: Plan, type: Planning, number: number) {
  if ((await select(page, 'Category').inputValue()) !== plan.category._id) await pick(page, 'Category', plan.category.name)
  if ((await select(page, 'Entity').inputValue()) !== plan.tower._id) await pick(page, 'Entity', plan.tower.name)
  await pick(page, 'Type', type.typeName)
  await expect(select(page, 'Type')).toHaveValue(type._id)
  await nextCard(page).getByRole('spinbutton', { name: 'Number' }).fill(String(number))
  await nextCard(page).getByRole('button', { name: 'Add', exact: true }).click()
}

/** Changes a card's Number: at once with JavaScript, on Update without it. */
async function setNumber(card: Locator, number: number) {
  await card.getByRole('spinbutton', { name: 'Number' }).fill(String(number))
  if (isNoJs()) await card.getByRole('button', { name: 'Update' }).click()
}

/** Opens a role's collapsible part of a card and answers its cluster table. */
async function roleTable(card: Locator, role: Ref) {
  const summary = card.locator('summary').filter({ hasText: role.name })
  await summary.click()
  return card.getByRole('table', { name: new RegExp(`^${role.name}:`) })
}
/** The cells of a cluster's row after its name: Planned, Remaining, Interchange, Interchange People, From, Requirement. */
const clusterCells = (table: Locator, cluster: Ref) => table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: cluster.name }) }).getByRole('cell')

test.describe('Project Resource Planning', () => {
  test('plan a project with two cards: the names must all be filled, then Saved successfully! and the cards stay', async ({ page, plan, open }) => {
    await open(PATH)
    await pick(page, 'Project', plan.project.name)
    await expect(page).toHaveURL(projectPath(plan.project))
    await expect(message(page, 'No cards added yet.')).toBeVisible()
    await expect(select(page, 'Category')).toBeEnabled()
    await expect(page.getByText(/^Category fixed by project/)).toHaveCount(0)
    const number = nextCard(page).getByRole('spinbutton', { name: 'Number' })
    await expect(number).toHaveValue('1')
    await expect(number).toHaveAttribute('min', '1')
    await expect(nextCard(page).getByText('(Used for next card)', { exact: true })).toBeVisible()

    await addCard(page, plan, plan.main, 2)
    const main = cardOf(page, plan, plan.main)
    await expect(main.getByRole('definition')).toHaveText([plan.project.name, plan.category.name, plan.tower.name, plan.main.typeName])
    await expect(names(main)).toHaveCount(2)
    await expect(names(main).nth(0)).toHaveAttribute('placeholder', 'Name 1')
    await expect(names(main).nth(1)).toHaveAttribute('placeholder', 'Name 2')
    await expect(main.getByRole('spinbutton', { name: 'Number' })).toHaveValue('2')
    await expect(message(page, 'No cards added yet.')).toHaveCount(0)
    await names(main).nth(0).fill('Tower A')

    // A second card of another type; the first keeps what was typed across the posts.
    await addCard(page, plan, plan.fitout, 1)
    const fitout = cardOf(page, plan, plan.fitout)
    await expect(names(fitout)).toHaveCount(1)
    await expect(names(main).nth(0)).toHaveValue('Tower A')
    await names(fitout).nth(0).fill('Fitout 1')

    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(message(page, 'Please fill all instance names for all cards.')).toBeVisible()
    await expect(names(main).nth(0)).toHaveValue('Tower A')
    await expect(names(fitout).nth(0)).toHaveValue('Fitout 1')
    expect(await plan.cardsOf(plan.project._id)).toHaveLength(0)

    await names(main).nth(1).fill('Tower B')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(message(page, 'Saved successfully!')).toBeVisible()

    await page.goto(projectPath(plan.project))
    await hydrated(page)
    await expect(page.getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) }).getByRole('heading', { level: 2 })).toHaveText([
      `${plan.tower.name} / ${plan.main.typeName}`,
      `${plan.tower.name} / ${plan.fitout.typeName}`,
    ])
    await expectNames(main, ['Tower A', 'Tower B'])
    await expectNames(fitout, ['Fitout 1'])
    const saved = await plan.cardsOf(plan.project._id)
    expect(saved.map((card) => [card.typeId, card.names.map((entry) => entry.name)])).toEqual([
      [plan.main._id, ['Tower A', 'Tower B']],
      [plan.fitout._id, ['Fitout 1']],
    ])
  })

  test("each role of a card's template shows '{n} clusters' and its Requirement as 'a + b = total', following Number", async ({ page, plan, open }) => {
    await open(projectPath(plan.project))
    await addCard(page, plan, plan.main, 2)
    const main = cardOf(page, plan, plan.main)
    await expect(main.locator('summary')).toHaveText([`${plan.engineer.name} 2 clusters`, `${plan.developer.name} 1 clusters`])
    const engineer = await roleTable(main, plan.engineer)
    await expect(engineer.getByRole('columnheader')).toHaveText(['Cluster', 'Planned People', 'Remaining People', 'Interchange', 'Interchange People', 'Interchange From', 'Requirement'])
    // North: 5 planned, 2 interchanged, so 3 remain; with 2 instances, 3×2 + 2×2 = 10.
    await expect(clusterCells(engineer, plan.north)).toHaveText(['5', '3', 'Yes', '2', `2 from ${plan.villa.name} / ${plan.garden.name}`, '6 + 4 = 10'])
    // South: 3 planned, none interchanged: 3×2 + 0 = 6.
    await expect(clusterCells(engineer, plan.south)).toHaveText(['3', '3', 'No', '0', '—', '6 + 0 = 6'])
    const developer = await roleTable(main, plan.developer)
    // East: 4 planned: 4×2 = 8.
    await expect(clusterCells(developer, plan.east)).toHaveText(['4', '4', 'No', '0', '—', '8 + 0 = 8'])

    // Three instances: North 3×3 + 2×3 = 15; reducing Number trims the names, raising it adds empty ones.
    await names(main).nth(0).fill('One')
    await names(main).nth(1).fill('Two')
    await setNumber(main, 3)
    await expectNames(main, ['One', 'Two', ''])
    await expect(names(main).nth(2)).toHaveAttribute('placeholder', 'Name 3')
    if (isNoJs()) await roleTable(main, plan.engineer)
    await expect(clusterCells(main.getByRole('table', { name: new RegExp(`^${plan.engineer.name}:`) }), plan.north).last()).toHaveText('9 + 6 = 15')
    await setNumber(main, 1)
    await expectNames(main, ['One'])
    if (isNoJs()) await roleTable(main, plan.engineer)
    await expect(clusterCells(main.getByRole('table', { name: new RegExp(`^${plan.engineer.name}:`) }), plan.north).last()).toHaveText('3 + 2 = 5')
  })

  test("Add says 'Please select all fields.', 'This combination is already added.' and 'No data found for this selection.'", async ({ page, plan, open }) => {
    await plan.saveCard(plan.project._id, plan.fitout, ['Saved fitout'])
    await open(projectPath(plan.project))
    await expectNames(cardOf(page, plan, plan.fitout), ['Saved fitout'])

    await nextCard(page).getByRole('button', { name: 'Add', exact: true }).click()
    await expect(message(page, 'Please select all fields.')).toBeVisible()
    await pick(page, 'Category', plan.category.name)
    await pick(page, 'Entity', plan.tower.name)
    await nextCard(page).getByRole('button', { name: 'Add', exact: true }).click()
    await expect(message(page, 'Please select all fields.')).toBeVisible()

    // A saved card counts...
    await addCard(page, plan, plan.fitout, 1)
    await expect(message(page, 'This combination is already added.')).toBeVisible()
    await expect(cardOf(page, plan, plan.fitout)).toHaveCount(1)
    // ...and so does one not saved yet.
    await addCard(page, plan, plan.main, 1)
    await expect(cardOf(page, plan, plan.main)).toHaveCount(1)
    await addCard(page, plan, plan.main, 1)
    await expect(message(page, 'This combination is already added.')).toBeVisible()
    await expect(cardOf(page, plan, plan.main)).toHaveCount(1)

    await addCard(page, plan, plan.empty, 1)
    await expect(message(page, 'No data found for this selection.')).toBeVisible()
    await expect(cardOf(page, plan, plan.empty)).toHaveCount(0)
    await expect(page.getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) })).toHaveCount(2)
  })

  test('changing the category resets entity and type; changing the entity resets the type', async ({ page, plan, open, unique }) => {
    const second = await plan.call<Ref>('/api/categories', { method: 'POST', body: { name: unique('Second category') } })
    await open(projectPath(plan.project))
    await expect(select(page, 'Entity')).toBeDisabled()
    await expect(select(page, 'Type')).toBeDisabled()
    await pick(page, 'Category', plan.category.name)
    await expect(select(page, 'Entity').getByRole('option')).toHaveText(['Select entity', plan.tower.name, plan.villa.name])
    await pick(page, 'Entity', plan.tower.name)
    await pick(page, 'Type', plan.main.typeName)
    await expect(select(page, 'Type')).toHaveValue(plan.main._id)

    await pick(page, 'Entity', plan.villa.name)
    await expect(select(page, 'Type')).toHaveValue('')
    await expect(select(page, 'Type').getByRole('option')).toHaveText(['Select type'])

    await pick(page, 'Entity', plan.tower.name)
    await pick(page, 'Type', plan.main.typeName)
    await pick(page, 'Category', second.name)
    await expect(select(page, 'Category')).toHaveValue(second._id)
    await expect(select(page, 'Entity')).toHaveValue('')
    await expect(select(page, 'Type')).toHaveValue('')
    await expect(select(page, 'Type')).toBeDisabled()
  })

  test("a project with a global category fixes it: 'Category fixed by project: {name}'", async ({ page, plan, open }) => {
    await open(projectPath(plan.fixed))
    await expect(nextCard(page).getByText(`Category fixed by project: ${plan.category.name}`, { exact: true })).toBeVisible()
    await expect(select(page, 'Category')).toBeDisabled()
    await expect(select(page, 'Category')).toHaveValue(plan.category._id)
    await expect(select(page, 'Entity')).toBeEnabled()
    // The fixed category goes with the form although its select is disabled.
    await addCard(page, plan, plan.main, 1)
    const main = cardOf(page, plan, plan.main)
    await expect(main.getByRole('definition')).toHaveText([plan.fixed.name, plan.category.name, plan.tower.name, plan.main.typeName])
    await names(main).nth(0).fill('Fixed one')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(message(page, 'Saved successfully!')).toBeVisible()
    expect((await plan.cardsOf(plan.fixed._id)).map((card) => card.names.map((entry) => entry.name))).toEqual([['Fixed one']])
  })

  test('a saved card removed with × is deleted on save; a renamed instance keeps its identity', async ({ page, plan, open }) => {
    await plan.saveCard(plan.project._id, plan.main, ['Alpha', 'Beta'])
    await plan.saveCard(plan.project._id, plan.fitout, ['Gamma'])
    const before = await plan.cardsOf(plan.project._id)
    await open(projectPath(plan.project))
    const main = cardOf(page, plan, plan.main)
    await expectNames(main, ['Alpha', 'Beta'])

    await cardOf(page, plan, plan.fitout).getByRole('button', { name: `Remove ${plan.tower.name} / ${plan.fitout.typeName}` }).click()
    await expect(cardOf(page, plan, plan.fitout)).toHaveCount(0)
    // Only queued: nothing is deleted before Save Changes.
    expect(await plan.cardsOf(plan.project._id)).toHaveLength(2)
    await names(main).nth(0).fill('Alpha renamed')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(message(page, 'Saved successfully!')).toBeVisible()
    await expect(cardOf(page, plan, plan.fitout)).toHaveCount(0)

    const after = await plan.cardsOf(plan.project._id)
    expect(after.map((card) => card.typeId)).toEqual([plan.main._id])
    expect(after[0].names.map((entry) => entry.name)).toEqual(['Alpha renamed', 'Beta'])
    expect(after[0].names.map((entry) => entry.projectEntityId)).toEqual(before[0].names.map((entry) => entry.projectEntityId))

    // An unsaved card just goes.
    await addCard(page, plan, plan.fitout, 1)
    await cardOf(page, plan, plan.fitout).getByRole('button', { name: /^Remove/ }).click()
    await expect(cardOf(page, plan, plan.fitout)).toHaveCount(0)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(message(page, 'Saved successfully!')).toBeVisible()
    expect(await plan.cardsOf(plan.project._id)).toHaveLength(1)
  })

  test("changing the project with unsaved changes asks 'You have unsaved changes. Save now?': Discard, then Save now", async ({ page, plan, open }) => {
    await open(projectPath(plan.project))
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' })
    await addCard(page, plan, plan.main, 1)
    await expect(cardOf(page, plan, plan.main)).toBeVisible()
    await pick(page, 'Project', plan.other.name)
    await expect(dialog.getByText('You have unsaved changes. Save now?', { exact: true })).toBeVisible()
    await dialog.getByRole('button', { name: 'Discard' }).click()
    await expect(page).toHaveURL(projectPath(plan.other))
    await expect(select(page, 'Project')).toHaveValue(plan.other._id)
    await expect(message(page, 'No cards added yet.')).toBeVisible()
    expect(await plan.cardsOf(plan.project._id)).toHaveLength(0)

    // Without changes the project changes at once.
    await pick(page, 'Project', plan.project.name)
    await expect(page).toHaveURL(projectPath(plan.project))
    await expect(message(page, 'No cards added yet.')).toBeVisible()

    await addCard(page, plan, plan.main, 1)
    await names(cardOf(page, plan, plan.main)).nth(0).fill('Kept')
    await pick(page, 'Project', plan.other.name)
    await dialog.getByRole('button', { name: 'Save now' }).click()
    await expect(page).toHaveURL(new RegExp(`projectId=${plan.other._id}`))
    await expect(select(page, 'Project')).toHaveValue(plan.other._id)
    await expect(message(page, 'No cards added yet.')).toBeVisible()
    expect((await plan.cardsOf(plan.project._id)).map((card) => card.names.map((entry) => entry.name))).toEqual([['Kept']])
  })

  test("leaving through the sidebar with unsaved changes asks the same: stay, Discard, or Save now and go on", async ({ page, plan, open }) => {
    const noJs = isNoJs()
    test.skip(noJs, 'Without JavaScript a link simply leaves: only a script can hold a navigation back')
    await open(projectPath(plan.project))
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' })
    const sidebarLink = (name: string) => page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name, exact: true })
    await addCard(page, plan, plan.main, 1)
    await names(cardOf(page, plan, plan.main)).nth(0).fill('Stays')

    // Closing the question (Escape) keeps the screen and what was typed.
    await sidebarLink('Dashboard').click()
    await expect(dialog.getByText('You have unsaved changes. Save now?', { exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL(projectPath(plan.project))
    await expectNames(cardOf(page, plan, plan.main), ['Stays'])

    // Save now saves, then goes where the link led.
    await sidebarLink('Users').click()
    await dialog.getByRole('button', { name: 'Save now' }).click()
    await expect(page).toHaveURL(/\/users$/)
    expect((await plan.cardsOf(plan.project._id)).map((card) => card.names.map((entry) => entry.name))).toEqual([['Stays']])

    // Discard leaves without saving.
    await page.goto(projectPath(plan.project))
    await hydrated(page)
    await names(cardOf(page, plan, plan.main)).nth(0).fill('Dropped')
    await sidebarLink('Dashboard').click()
    await dialog.getByRole('button', { name: 'Discard' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    expect((await plan.cardsOf(plan.project._id)).map((card) => card.names.map((entry) => entry.name))).toEqual([['Stays']])
  })

  test('closing or reloading the tab with unsaved changes asks the browser to confirm; with none it does not', async ({ page, plan, open }) => {
    const noJs = isNoJs()
    test.skip(noJs, 'The beforeunload question is set by a script')
    await open(projectPath(plan.project))
    const asked: string[] = []
    page.on('dialog', async (dialog) => {
      asked.push(dialog.type())
      await dialog.dismiss()
    })
    // Nothing changed: the page reloads without a question.
    await page.reload()
    await hydrated(page)
    expect(asked).toEqual([])
    await addCard(page, plan, plan.main, 1)
    await expect(cardOf(page, plan, plan.main)).toBeVisible()
    // Changed: the browser asks before reloading; dismissed, the page and its card stay.
    await page.reload({ timeout: 2_000 }).catch(() => null)
    expect(asked).toEqual(['beforeunload'])
    await expect(cardOf(page, plan, plan.main)).toBeVisible()
  })

  test('without add the cards are read-only', async ({ page, plan, open, admin }) => {
    await plan.saveCard(plan.project._id, plan.main, ['Alpha'])
    const viewer = await admin.accountHolding(plan.engineer._id)
    await open(projectPath(plan.project), viewer)
    const main = cardOf(page, plan, plan.main)
    await expectNames(main, ['Alpha'])
    await expect(names(main).nth(0)).not.toBeEditable()
    await expect(main.getByRole('spinbutton', { name: 'Number' })).not.toBeEditable()
    await expect(main.getByRole('button')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0)
  })
})
