import { expect, test, type Page } from './support/fixtures'
import { signIn } from './support/session'

/**
 * The API reference (/api-reference): the administrators' list of every call of the API, read from
 * the OpenAPI document the API serves, with what each call does and takes. Rendered on the server:
 * the same with JavaScript on and off. Everyone else has no link to it and is refused it, as the
 * audit log refuses them.
 */

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' })

/** The table's row of one call, by its method and path as the document writes them. */
const rowOf = (page: Page, method: string, path: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: method, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: path, exact: true }) })

/** What a row says a call takes: each kind (Path, Query, Body) and, beside it, what. */
async function takes(page: Page, method: string, path: string) {
  const row = rowOf(page, method, path)
  await expect(row).toHaveCount(1)
  const kinds = await row.getByRole('term').allTextContents()
  const what = await row.getByRole('definition').allTextContents()
  return Object.fromEntries(kinds.map((kind, index) => [kind, what[index]]))
}

test.describe('/api-reference', () => {
  test('an administrator follows the sidebar link and reads every call with its method, what it does and what it takes', async ({ page, open }) => {
    await open('/dashboard')
    await sidebar(page).getByRole('link', { name: 'API reference' }).click()
    await expect(page).toHaveURL('/api-reference')
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible()
    await expect(sidebar(page).getByRole('link', { name: 'API reference' })).toHaveAttribute('aria-current', 'page')

    // The Schedule: its summary and its query parameters, in the order its schema names them.
    const schedule = rowOf(page, 'GET', '/api/schedule')
    await expect(schedule.getByRole('cell').nth(2)).toHaveText('The Schedule: people × weeks or months, a page of people')
    expect(await takes(page, 'GET', '/api/schedule')).toEqual({ Query: 'from, zoom, span, group, projectId, roleId, location, conflictsOnly, unfilledOnly, page' })
    // A path parameter, a path and a query, a JSON body, and nothing at all.
    expect(await takes(page, 'DELETE', '/api/leave/{id}')).toEqual({ Path: 'id' })
    expect(await takes(page, 'GET', '/api/projects/{id}/mapping')).toEqual({ Path: 'id', Query: 'instance, assign, q, selected' })
    expect(await takes(page, 'POST', '/api/leave')).toEqual({ Body: 'JSON' })
    expect(await takes(page, 'PUT', '/api/planning/{planningId}/groups')).toEqual({ Path: 'planningId', Body: 'JSON' })
    await expect(rowOf(page, 'GET', '/api/attention').getByRole('cell').nth(3)).toHaveText('No parameters')
    await expect(rowOf(page, 'GET', '/api/attention').getByRole('cell').nth(2)).toHaveText('The Attention strip: hires overdue and due, conflicts ahead, undated requirement')

    // Every call is listed, each saying what it does: no blank or dash in place of a summary.
    expect(await page.getByRole('row').count()).toBeGreaterThan(60)
    await expect(page.getByRole('cell', { name: '—', exact: true })).toHaveCount(0)
  })

  test("readable on a phone and a small laptop: no sideways scroll at 1024 px or 390 px; on the phone a call's method and path share its first line", async ({ page, open }) => {
    await open('/api-reference')
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 844 })
      await page.goto('/api-reference')
      await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible()
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }))
      expect(scrollWidth, `${width} px`).toBeLessThanOrEqual(clientWidth)
    }
    // At 390 px a call's method and path share its first line, what it does below them; a long path wraps inside the page.
    const row = rowOf(page, 'POST', '/api/project-entity-user-mappings/replace')
    const [method, path, summary] = await Promise.all([0, 1, 2].map(async (cell) => (await row.getByRole('cell').nth(cell).boundingBox())!))
    expect(Math.abs(method!.y - path!.y)).toBeLessThan(2)
    expect(summary!.y).toBeGreaterThanOrEqual(path!.y + path!.height - 1)
    expect(path!.x + path!.width).toBeLessThanOrEqual(390)
  })

  test('only administrators: no link for a holder of view, and 403 for them and for an employee', async ({ page, viewer, expectDenied }) => {
    await signIn(page, viewer)
    await page.goto('/dashboard')
    await expect(sidebar(page).getByRole('link', { name: 'Audit log' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'API reference' })).toHaveCount(0)
    const response = await page.goto('/api-reference')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()
    await page.context().clearCookies()
    await expectDenied('/api-reference')
  })
})
