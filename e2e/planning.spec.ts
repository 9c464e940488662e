import { expect, test as base, type ApiCall, type Page, type Unique } from './support/fixtures'
import { isNoJs, ownOrigin, signIn, withoutJavaScript } from './support/session'
import type { Ref } from '#domain/contracts/common'

interface Planning {
  _id: string
  typeName: string
  createdAt: string
  roleClusters: { roleId: Ref; clusters: (string | string[])[] }[]
}


/** A category of its own with one entity type, three clusters and two roles, so no test depends on another or on the seed. */
async function plannable(call: ApiCall, unique: Unique) {
  const category = await call<Ref>('/api/categories', { method: 'POST', body: { name: unique('Category') } })
  const entity = await call<Ref>('/api/entities', { method: 'POST', body: { name: unique('Entity'), categoryId: category._id } })
  const clusters: Ref[] = []
  for (const name of [unique('Foundation'), unique('Framing'), unique('Roofing')]) {
    clusters.push(await call<Ref>('/api/clusters', { method: 'POST', body: { category: category._id, entityType: entity._id, name, description: null } }))
  }
  const roles = [
    await call<Ref>('/roles', { method: 'POST', body: { name: unique('Surveyor'), permissions: ['view'] } }),
    await call<Ref>('/roles', { method: 'POST', body: { name: unique('Carpenter'), permissions: ['view'] } }),
  ]
  return { category, entity, clusters, roles }
}
type Plannable = Awaited<ReturnType<typeof plannable>>

const test = base.extend<{ setup: Plannable }>({
  setup: async ({ adminApi, unique }, provide) => provide(await plannable(adminApi, unique)),
})

const planningUrl = ({ category, entity }: Plannable, extra: Record<string, string> = {}) =>
  `/planning?${new URLSearchParams({ categoryId: category._id, entityId: entity._id, ...extra })}`

/** Without JavaScript a choice applies on the Choose button; with it, on every change. */
async function choose(page: Page) {
  if (isNoJs()) await page.getByRole('button', { name: 'Choose' }).click()
}

const main = (page: Page) => page.getByRole('main')
const savedTypes = (page: Page) => main(page).getByRole('region', { name: 'Saved Planning Types' })
/** The rows of one planning type in the Saved Planning Types table. */
const typeRows = (page: Page, typeName: string) => savedTypes(page).getByRole('rowgroup', { name: typeName, exact: true })
const roleRow = (page: Page, typeName: string, roleName: string) => typeRows(page, typeName).getByRole('row').filter({ hasText: roleName })
const enUsDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC' })

test.describe('Planning', () => {
  test('choosing a category, then an entity, shows the selected entity with Create Type and Add Cluster', async ({ page, setup, open }) => {
    await open('/planning')
    const card = main(page).getByRole('region', { name: 'Create New Planning Type' })
    await expect(card.getByRole('combobox', { name: 'Entity' })).toHaveCount(0)
    await expect(main(page).getByRole('link', { name: 'Set up categories, entities and projects' })).toBeVisible()

    await card.getByRole('combobox', { name: 'Category' }).selectOption({ label: setup.category.name })
    await choose(page)
    await expect(page).toHaveURL(new RegExp(`categoryId=${setup.category._id}`))
    const entitySelect = card.getByRole('combobox', { name: 'Entity' })
    await expect(entitySelect.getByRole('option')).toHaveText(['Select Entity', setup.entity.name])
    await expect(card.getByRole('link', { name: 'Create Type' })).toHaveCount(0)

    await entitySelect.selectOption({ label: setup.entity.name })
    await choose(page)
    await expect(page).toHaveURL(new RegExp(`entityId=${setup.entity._id}`))
    await expect(card.getByText(`Selected entity: ${setup.entity.name}`)).toBeVisible()
    await expect(card.getByRole('link', { name: 'Create Type' })).toBeVisible()
    await expect(card.getByRole('link', { name: 'Add Cluster' })).toBeVisible()
  })

  test("Create Type without an entity says 'Please select an entity first'; Add Cluster without both, 'Please select category and entity first'", async ({ page, setup, open }) => {
    await open(`/planning?${new URLSearchParams({ categoryId: setup.category._id, dialog: 'create-type' })}`)
    await expect(main(page).getByRole('alert')).toHaveText('Please select an entity first')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page.goto(`/planning?${new URLSearchParams({ categoryId: setup.category._id, dialog: 'add-cluster' })}`)
    await expect(main(page).getByRole('alert')).toHaveText('Please select category and entity first')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page.goto('/planning?dialog=add-cluster')
    await expect(main(page).getByRole('alert')).toHaveText('Please select category and entity first')
  })

  test.describe('Add Cluster', () => {
    test('adds a cluster with its description: the success message is shown and the dialog closes', async ({ page, setup, open, adminApi: call, unique }) => {
      const name = unique('Plastering')
      await open(planningUrl(setup))
      await main(page).getByRole('link', { name: 'Add Cluster' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add Cluster' })
      await expect(dialog).toBeVisible()
      // 600 px wide, or the window's width when narrower.
      expect((await dialog.boundingBox())?.width).toBeCloseTo(600, 0)
      await expect(dialog).toContainText(setup.category.name)
      await expect(dialog).toContainText(setup.entity.name)
      await dialog.getByLabel('Cluster Name').fill(`  ${name}  `)
      await dialog.getByLabel('Description (optional)').fill('Walls and ceilings')
      await dialog.getByRole('button', { name: 'Add Cluster' }).click()

      if (isNoJs()) {
        // Without JavaScript the page shows the success with the dialog closed.
        await expect(main(page).getByRole('status').filter({ hasText: 'Cluster added successfully!' })).toBeVisible()
      } else {
        // With it the dialog shows the success, then closes by itself about 0.8 s later.
        await expect(dialog.getByRole('status').filter({ hasText: 'Cluster added successfully!' })).toBeVisible()
      }
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page).toHaveURL(new RegExp(`entityId=${setup.entity._id}`))
      const clusters = await call<(Ref & { description: string | null })[]>(`/api/clusters?${new URLSearchParams({ entityId: setup.entity._id })}`)
      expect(clusters.find((cluster) => cluster.name === name)?.description).toBe('Walls and ceilings')
    })

    test("an empty cluster name says 'Please fill category, entity and cluster name'", async ({ page, setup, open }) => {
      await open(planningUrl(setup, { dialog: 'add-cluster' }))
      const dialog = page.getByRole('dialog', { name: 'Add Cluster' })
      await dialog.getByLabel('Cluster Name').fill('   ')
      await dialog.getByRole('button', { name: 'Add Cluster' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('Please fill category, entity and cluster name')
    })

    test("a name the entity already has shows the server's message", async ({ page, setup, open }) => {
      await open(planningUrl(setup, { dialog: 'add-cluster' }))
      const dialog = page.getByRole('dialog', { name: 'Add Cluster' })
      await dialog.getByLabel('Cluster Name').fill(setup.clusters[0].name)
      await dialog.getByRole('button', { name: 'Add Cluster' }).click()
      await expect(dialog.getByRole('alert')).toHaveText(`A cluster named "${setup.clusters[0].name}" already exists for ${setup.entity.name}`)
    })
  })

  test.describe('Create New Planning Type', () => {
    test("saves a type with clusters for two roles ('Type saved successfully!') and lists it in Saved Planning Types", async ({ page, setup, open, adminApi: call, unique }) => {
      const [surveyor, carpenter] = setup.roles
      const [foundation, framing, roofing] = setup.clusters
      const typeName = unique('Standard')
      await open(planningUrl(setup))
      await main(page).getByRole('link', { name: 'Create Type' }).click()
      const dialog = page.getByRole('dialog', { name: 'Create New Planning Type' })
      await expect(dialog).toBeVisible()
      expect((await dialog.boundingBox())?.width).toBeCloseTo(600, 0)

      await dialog.getByLabel('Type Name').fill(`  ${typeName}  `)
      const surveyorBoxes = dialog.getByRole('group', { name: surveyor.name, exact: true })
      const carpenterBoxes = dialog.getByRole('group', { name: carpenter.name, exact: true })
      await surveyorBoxes.getByRole('checkbox', { name: foundation.name }).check()
      await surveyorBoxes.getByRole('checkbox', { name: roofing.name }).check()
      await carpenterBoxes.getByRole('checkbox', { name: framing.name }).check()
      await dialog.getByRole('button', { name: 'Save Type' }).click()

      await expect(main(page).getByRole('status').filter({ hasText: 'Type saved successfully!' })).toBeVisible()
      await expect(page.getByRole('dialog')).toHaveCount(0)

      // The name was sent trimmed; the roles come in the dialog's order (by name).
      const [saved] = await call<Planning[]>(`/api/planning?${new URLSearchParams({ entityId: setup.entity._id })}`)
      expect(saved.typeName).toBe(typeName)
      expect(saved.roleClusters.map((role) => [role.roleId.name, role.clusters])).toEqual([
        [carpenter.name, [framing._id]],
        [surveyor.name, [foundation._id, roofing._id]],
      ])

      await expect(savedTypes(page).getByRole('columnheader')).toHaveText(['Category', 'Entity', 'Type Names', 'Roles', 'Clusters', 'Group', 'Created'])
      const rows = typeRows(page, typeName).getByRole('row')
      await expect(rows).toHaveCount(2)
      await expect(rows.nth(0).getByRole('cell')).toHaveText([
        setup.category.name,
        setup.entity.name,
        typeName,
        carpenter.name,
        framing.name,
        'Group clusters',
        enUsDate(saved.createdAt),
      ])
      await expect(rows.nth(1).getByRole('cell')).toHaveText([surveyor.name, `${foundation.name}${roofing.name}`, 'Group clusters'])
      await expect(roleRow(page, typeName, surveyor.name).locator('.badge')).toHaveText([foundation.name, roofing.name])
    })

    test("an empty form says 'Type name is required' and 'At least one cluster must be selected'", async ({ page, setup, open }) => {
      await open(planningUrl(setup, { dialog: 'create-type' }))
      const dialog = page.getByRole('dialog', { name: 'Create New Planning Type' })
      await dialog.getByLabel('Type Name').fill('   ')
      await dialog.getByRole('button', { name: 'Save Type' }).click()
      await expect(dialog.getByText('Type name is required', { exact: true })).toBeVisible()
      await expect(dialog.getByText('At least one cluster must be selected', { exact: true })).toBeVisible()
      await expect(dialog.getByLabel('Type Name')).toHaveAttribute('aria-invalid', 'true')
    })

    test('a name but no cluster keeps the name and asks for a cluster', async ({ page, setup, open, unique }) => {
      const typeName = unique('Nothing ticked')
      await open(planningUrl(setup, { dialog: 'create-type' }))
      const dialog = page.getByRole('dialog', { name: 'Create New Planning Type' })
      await dialog.getByLabel('Type Name').fill(typeName)
      await dialog.getByRole('button', { name: 'Save Type' }).click()
      await expect(dialog.getByText('At least one cluster must be selected', { exact: true })).toBeVisible()
      await expect(dialog.getByText('Type name is required', { exact: true })).toHaveCount(0)
      await expect(dialog.getByLabel('Type Name')).toHaveValue(typeName)
    })

    test("a type name the entity already has shows the server's message and keeps the ticks", async ({ page, setup, open, adminApi: call, unique }) => {
      const typeName = unique('Taken')
      await call('/api/planning', {
        method: 'POST',
        body: { categoryId: setup.category._id, entityId: setup.entity._id, typeName, roleClusters: [{ roleId: setup.roles[0]._id, clusters: [setup.clusters[0]._id] }] },
      })
      await open(planningUrl(setup, { dialog: 'create-type' }))
      const dialog = page.getByRole('dialog', { name: 'Create New Planning Type' })
      await dialog.getByLabel('Type Name').fill(typeName)
      const box = dialog.getByRole('group', { name: setup.roles[1].name, exact: true }).getByRole('checkbox', { name: setup.clusters[1].name })
      await box.check()
      await dialog.getByRole('button', { name: 'Save Type' }).click()
      await expect(dialog.getByRole('alert')).toHaveText(`A planning type named "${typeName}" already exists for ${setup.entity.name}`)
      await expect(box).toBeChecked()
    })
  })

  test('Group clusters merges the selected clusters of a role into one group, shown as one combined label', async ({ page, setup, open, adminApi: call, unique }) => {
    const [surveyor, carpenter] = setup.roles
    const [foundation, framing, roofing] = setup.clusters
    const typeName = unique('Grouped')
    await call('/api/planning', {
      method: 'POST',
      body: {
        categoryId: setup.category._id,
        entityId: setup.entity._id,
        typeName,
        roleClusters: [
          { roleId: surveyor._id, clusters: setup.clusters.map((cluster) => cluster._id) },
          { roleId: carpenter._id, clusters: [framing._id] },
        ],
      },
    })
    await open(planningUrl(setup))
    await roleRow(page, typeName, surveyor.name).getByRole('link', { name: 'Group clusters' }).click()
    const dialog = page.getByRole('dialog', { name: `Group Clusters for ${surveyor.name}` })
    await expect(dialog).toBeVisible()
    expect((await dialog.boundingBox())?.width).toBeCloseTo(600, 0)
    await expect(dialog.getByRole('checkbox')).toHaveCount(3)
    await dialog.getByRole('checkbox', { name: foundation.name }).check()
    await dialog.getByRole('checkbox', { name: roofing.name }).check()
    await dialog.getByRole('button', { name: 'Save' }).click()

    await expect(page.getByRole('dialog')).toHaveCount(0)
    // Every save is confirmed (issue 30 §4): the flash at the top of the page.
    await expect(page.locator('.flash-region[role="status"]')).toHaveText('Clusters grouped')
    await expect(roleRow(page, typeName, surveyor.name).locator('.badge')).toHaveText([`${foundation.name} + ${roofing.name}`, framing.name])
    await expect(roleRow(page, typeName, carpenter.name).locator('.badge')).toHaveText([framing.name])
    const [saved] = await call<Planning[]>(`/api/planning?${new URLSearchParams({ entityId: setup.entity._id })}`)
    expect(saved.roleClusters[0].clusters).toEqual([[foundation._id, roofing._id], framing._id])

    // The group is now fixed: only the single cluster left can be selected.
    await roleRow(page, typeName, surveyor.name).getByRole('link', { name: 'Group clusters' }).click()
    const again = page.getByRole('dialog', { name: `Group Clusters for ${surveyor.name}` })
    await expect(again.getByRole('checkbox')).toHaveCount(1)
    await expect(again.getByRole('checkbox', { name: framing.name })).toBeVisible()
    await expect(again.getByText(`${foundation.name} + ${roofing.name}`, { exact: true })).toBeVisible()
    await again.getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test.describe('with JavaScript', () => {
    test.skip(withoutJavaScript, 'a modal dialog, Escape and choices applied on change need JavaScript')

    test('the dialogs are modal and Escape closes them, keeping the choices', async ({ page, setup, open }) => {
      await open(planningUrl(setup))
      await main(page).getByRole('link', { name: 'Create Type' }).click()
      const dialog = page.getByRole('dialog', { name: 'Create New Planning Type' })
      await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page).toHaveURL(planningUrl(setup))
    })

    test('a new category starts the entity choice afresh', async ({ page, setup, open, adminApi: call, unique }) => {
      const first = setup
      const second = await plannable(call, unique)
      await open(planningUrl(first))
      await expect(main(page).getByText(`Selected entity: ${first.entity.name}`)).toBeVisible()
      await main(page).getByRole('combobox', { name: 'Category' }).selectOption({ label: second.category.name })
      await expect(page).toHaveURL(`/planning?categoryId=${second.category._id}`)
      await expect(main(page).getByText(/Selected entity/)).toHaveCount(0)
      await expect(main(page).getByRole('combobox', { name: 'Entity' }).getByRole('option')).toHaveText(['Select Entity', second.entity.name])
    })
  })

  test.describe('permissions', () => {
    test('a user with view only sees the page and the table, but no Create Type, Add Cluster, Group clusters or set-up link', async ({ page, setup, adminApi: call, unique, viewer }) => {
      const typeName = unique('Read only')
      await call('/api/planning', {
        method: 'POST',
        body: { categoryId: setup.category._id, entityId: setup.entity._id, typeName, roleClusters: [{ roleId: setup.roles[0]._id, clusters: [setup.clusters[0]._id] }] },
      })
      await signIn(page, viewer)
      await page.goto(planningUrl(setup, { dialog: 'create-type' }))
      await expect(main(page).getByText(`Selected entity: ${setup.entity.name}`)).toBeVisible()
      await expect(typeRows(page, typeName)).toContainText(setup.clusters[0].name)
      for (const name of ['Create Type', 'Add Cluster', 'Group clusters', 'Set up categories, entities and projects']) {
        await expect(main(page).getByRole('link', { name })).toHaveCount(0)
      }
      await expect(page.getByRole('dialog')).toHaveCount(0)

      // The action checks again.
      const response = await page.request.post(planningUrl(setup), {
        form: { intent: 'add-cluster', category: setup.category._id, entityType: setup.entity._id, name: unique('Sneaky') },
        headers: { origin: ownOrigin() },
        maxRedirects: 0,
      })
      expect(response.status()).toBe(403)
    })

    test("an ordinary user (no permissions) gets the 'Access denied' page", async ({ expectDenied }) => {
      await expectDenied('/planning')
    })
  })
})
