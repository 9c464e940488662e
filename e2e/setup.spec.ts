import { expect, test, type Page } from './support/fixtures'
import { withoutJavaScript } from './support/session'
import type { Ref } from '#domain/contracts/common'

const card = (page: Page, title: string) => page.getByRole('main').getByRole('region', { name: title, exact: true })
const item = (page: Page, word: string, name: string) => page.getByRole('group', { name: `${word} ${name}`, exact: true })
/** Opens a project's form: its row shows only its name and global category until then. */
async function editProject(page: Page, project: string) {
  await item(page, 'project', project).getByRole('link', { name: `Edit project ${project}` }).click()
  await expect(item(page, 'project', project).getByLabel(`Name of project ${project}`)).toBeVisible()
}
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test.describe('Set up categories, entities and projects', () => {
  test('shows the Categories, Entity types and Projects cards with their create forms', async ({ page, open }) => {
    await open('/setup')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up categories, entities and projects')
    await expect(card(page, 'Categories').getByRole('button', { name: 'Add Category' })).toBeVisible()
    await expect(card(page, 'Entity types').getByRole('button', { name: 'Add Entity Type' })).toBeVisible()
    await expect(card(page, 'Projects').getByRole('button', { name: 'Add Project' })).toBeVisible()
  })

  test('creates a category, an entity type in it and a project with that global category', async ({ page, open, adminApi: call, unique }) => {
    const category = unique('Category')
    const entity = unique('Entity')
    const project = unique('Project')
    await open('/setup')

    await card(page, 'Categories').getByLabel('Category name', { exact: true }).fill(`  ${category}  `)
    await card(page, 'Categories').getByRole('button', { name: 'Add Category' }).click()
    await expect(notice(page, 'Category created.')).toBeVisible()
    await expect(item(page, 'category', category)).toBeVisible()
    // The form starts afresh for the next one.
    await expect(card(page, 'Categories').getByLabel('Category name', { exact: true })).toHaveValue('')

    const entities = card(page, 'Entity types')
    await entities.getByLabel('Entity type name', { exact: true }).fill(entity)
    await entities.getByLabel('Category', { exact: true }).selectOption({ label: category })
    await entities.getByRole('button', { name: 'Add Entity Type' }).click()
    await expect(notice(page, 'Entity type created.')).toBeVisible()
    await expect(item(page, 'entity type', entity)).toContainText(category)

    const projects = card(page, 'Projects')
    await projects.getByLabel('Project name', { exact: true }).fill(project)
    await projects.getByLabel('Global category (optional)').selectOption({ label: category })
    await projects.getByRole('button', { name: 'Add Project' }).click()
    await expect(notice(page, 'Project created.')).toBeVisible()
    await expect(item(page, 'project', project)).toContainText(`Global category: ${category}`)

    const saved = (await call<(Ref & { globalCategory: Ref | null })[]>('/api/projects')).find((candidate) => candidate.name === project)
    expect(saved?.globalCategory?.name).toBe(category)
    const categories = await call<Ref[]>('/api/categories')
    expect(categories.some((candidate) => candidate.name === category)).toBe(true)
  })

  test('an empty name is refused with the field’s message, and a taken name with the server’s', async ({ page, open, adminApi: call, unique }) => {
    const taken = await call<Ref>('/api/categories', { method: 'POST', body: { name: unique('Taken') } })
    await open('/setup')
    const categories = card(page, 'Categories')
    await categories.getByRole('button', { name: 'Add Category' }).click()
    await expect(categories.getByText('Category name is required', { exact: true })).toBeVisible()

    await categories.getByLabel('Category name', { exact: true }).fill(taken.name.toUpperCase())
    await categories.getByRole('button', { name: 'Add Category' }).click()
    await expect(categories.getByRole('alert').filter({ hasText: `A category named "${taken.name.toUpperCase()}" already exists` })).toBeVisible()
  })

  test('renames a category, an entity type and a project, and changes the project’s global category', async ({ page, open, adminApi: call, unique }) => {
    const category = await call<Ref>('/api/categories', { method: 'POST', body: { name: unique('Category') } })
    const other = await call<Ref>('/api/categories', { method: 'POST', body: { name: unique('Other') } })
    const entity = await call<Ref>('/api/entities', { method: 'POST', body: { name: unique('Entity'), categoryId: category._id } })
    const project = await call<Ref>('/api/projects', { method: 'POST', body: { name: unique('Project'), globalCategory: category._id } })
    const renamed = { category: unique('Renamed category'), entity: unique('Renamed entity'), project: unique('Renamed project') }
    await open('/setup')

    await page.getByLabel(`Name of category ${category.name}`).fill(renamed.category)
    await page.getByRole('button', { name: `Rename category ${category.name}` }).click()
    await expect(notice(page, 'Category saved.')).toBeVisible()
    await expect(item(page, 'category', renamed.category)).toBeVisible()
    await expect(item(page, 'category', category.name)).toHaveCount(0)
    // The entity type shows its category's new name.
    await expect(item(page, 'entity type', entity.name)).toContainText(renamed.category)

    await page.getByLabel(`Name of entity type ${entity.name}`).fill(renamed.entity)
    await page.getByRole('button', { name: `Rename entity type ${entity.name}` }).click()
    await expect(notice(page, 'Entity type saved.')).toBeVisible()
    await expect(item(page, 'entity type', renamed.entity)).toBeVisible()

    const row = item(page, 'project', project.name)
    await expect(row).toContainText(`Global category: ${renamed.category}`)
    await editProject(page, project.name)
    await row.getByLabel(`Name of project ${project.name}`).fill(renamed.project)
    await row.getByLabel(`Global category of ${project.name}`).selectOption({ label: other.name })
    await row.getByRole('button', { name: `Save project ${project.name}` }).click()
    await expect(notice(page, 'Project saved.')).toBeVisible()
    await expect(item(page, 'project', renamed.project)).toContainText(`Global category: ${other.name}`)

    const projects = await call<(Ref & { globalCategory: Ref | null })[]>('/api/projects')
    expect(projects.find((candidate) => candidate._id === project._id)).toMatchObject({ name: renamed.project, globalCategory: { _id: other._id } })
  })

  test('a project’s global category can be cleared', async ({ page, open, adminApi: call, unique }) => {
    const category = await call<Ref>('/api/categories', { method: 'POST', body: { name: unique('Category') } })
    const project = await call<Ref>('/api/projects', { method: 'POST', body: { name: unique('Project'), globalCategory: category._id } })
    await open('/setup')
    const row = item(page, 'project', project.name)
    await editProject(page, project.name)
    await row.getByLabel(`Global category of ${project.name}`).selectOption({ label: 'No global category' })
    await row.getByRole('button', { name: `Save project ${project.name}` }).click()
    await expect(notice(page, 'Project saved.')).toBeVisible()
    await expect(row).toContainText('No global category')
    await expect(row.getByLabel(`Global category of ${project.name}`)).toHaveCount(0)
    const projects = await call<(Ref & { globalCategory: Ref | null })[]>('/api/projects')
    expect(projects.find((candidate) => candidate._id === project._id)?.globalCategory).toBeNull()
  })

  test('deleting a category in use is refused with the server’s message; after its entity type is deleted it can be', async ({ page, open, adminApi: call, unique }) => {
    const category = await call<Ref>('/api/categories', { method: 'POST', body: { name: unique('Category') } })
    const entity = await call<Ref>('/api/entities', { method: 'POST', body: { name: unique('Entity'), categoryId: category._id } })
    await open('/setup')

    await page.getByRole('button', { name: `Delete category ${category.name}` }).click()
    let dialog = page.getByRole('dialog', { name: 'Delete this category?' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(category.name)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(`Category "${category.name}" cannot be deleted while it is in use: 1 entity.`)
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(item(page, 'category', category.name)).toBeVisible()

    await page.getByRole('button', { name: `Delete entity type ${entity.name}` }).click()
    dialog = page.getByRole('dialog', { name: 'Delete this entity type?' })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(notice(page, 'Entity type deleted.')).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(item(page, 'entity type', entity.name)).toHaveCount(0)

    await page.getByRole('button', { name: `Delete category ${category.name}` }).click()
    await page.getByRole('dialog', { name: 'Delete this category?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(notice(page, 'Category deleted.')).toBeVisible()
    await expect(item(page, 'category', category.name)).toHaveCount(0)
    expect((await call<Ref[]>('/api/categories')).some((candidate) => candidate._id === category._id)).toBe(false)
  })

  test('Cancel on the confirmation deletes nothing', async ({ page, open, adminApi: call, unique }) => {
    const project = await call<Ref>('/api/projects', { method: 'POST', body: { name: unique('Project'), globalCategory: null } })
    await open('/setup')
    await page.getByRole('button', { name: `Delete project ${project.name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this project?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL('/setup')
    await expect(item(page, 'project', project.name)).toBeVisible()
    expect((await call<Ref[]>('/api/projects')).some((candidate) => candidate._id === project._id)).toBe(true)
  })

  test.describe('with JavaScript', () => {
    test.skip(withoutJavaScript, 'a modal dialog and Escape need JavaScript')

    test('the delete confirmation is modal and Escape closes it without deleting', async ({ page, open, adminApi: call, unique }) => {
      const category = await call<Ref>('/api/categories', { method: 'POST', body: { name: unique('Category') } })
      await open('/setup')
      await page.getByRole('button', { name: `Delete category ${category.name}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Delete this category?' })
      await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page).toHaveURL('/setup')
      await expect(item(page, 'category', category.name)).toBeVisible()
    })
  })

  test("an ordinary user (no permissions) gets the 'Access denied' page", async ({ expectDenied }) => {
    await expectDenied('/setup')
  })
})
