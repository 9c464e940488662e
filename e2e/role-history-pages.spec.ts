import { expect, test } from './support/fixtures'
import { createEmployee } from './support/users'

/** Role History has pages of fifty, newest first, with Previous and Next, as User management does. */
test.describe('role history pages', () => {
  test('fifty changes a page; Next and Previous move between them, without JavaScript too', async ({ page, adminApi: call, open }) => {
    const { roles } = await call<{ roles: { _id: string; name: string }[] }>('/roles')
    const roleId = (name: string) => roles.find((role) => role.name === name)!._id
    const person = await createEmployee({ name: `Paged ${Date.now().toString(36)}`, roleId: roleId('Developer') })
    // Enough changes for a second page, whatever the other tests wrote before.
    const { total } = await call<{ total: number }>('/api/role-histories?limit=1')
    type Profile = Record<string, unknown> & { roleId: unknown }
    for (let change = 0; change < Math.max(0, 55 - total); change++) {
      const profile = await call<Profile>(`/form/profile/${person.id}`)
      await call(`/form/profile/${person.id}`, { method: 'PUT', body: { ...profile, roleId: roleId(change % 2 ? 'Developer' : 'Engineer') } })
    }

    await open('/role-history')
    const pages = page.getByRole('navigation', { name: 'Pages' })
    await expect(pages.getByRole('status')).toHaveText(/^Showing 1–50 of \d+ changes$/)
    await expect(page.locator('tbody tr')).toHaveCount(50)
    await expect(pages.getByRole('link', { name: 'Previous' })).toHaveCount(0)
    // The newest change is first.
    await expect(page.locator('tbody tr').first().getByRole('cell').first()).toHaveText(person.name)

    await pages.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/\/role-history\?page=2$/)
    await expect(pages.getByRole('status')).toHaveText(/^Showing 51–\d+ of \d+ changes$/)
    await expect(page.locator('tbody tr').first().getByRole('cell').first()).not.toHaveText(person.name)

    await pages.getByRole('link', { name: 'Previous' }).click()
    await expect(page).toHaveURL(/\/role-history$/)
    await expect(pages.getByRole('status')).toHaveText(/^Showing 1–50 of \d+ changes$/)
  })

  test('a page past the end opens the last page', async ({ page, open }) => {
    await open('/role-history?page=999')
    await expect(page).toHaveURL(/\/role-history(\?page=\d+)?$/)
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' })).toHaveCount(0)
    await expect(page.locator('tbody tr').first()).toBeVisible()
  })
})
