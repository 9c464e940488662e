import { expect, test, type Page } from './support/fixtures'
import { checkablePage, expectNoSeriousViolation } from './support/axe'
import { landingOf, signIn } from './support/session'
import { createVerifiedUser } from './support/users'

/**
 * Issue 30 §4: a save's confirmation shows once, at the top of the page the save leads to, with
 * and without JavaScript, in the page's status region; a reload no longer shows it.
 */

const flash = (page: Page) => page.locator('.flash-region[role="status"]')

test('Add Role: "Role saved" at the top of Roles, gone after a reload', async ({ page: signedIn, open, unique }) => {
  const name = unique('Flash Role')
  await open('/roles')
  const page = await checkablePage(signedIn)
  await page.goto('/roles')
  await page.getByRole('link', { name: 'Add Role' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Role' })
  await dialog.getByRole('textbox', { name: 'Role Name' }).fill(name)
  await dialog.getByRole('checkbox', { name: 'View', exact: true }).check()
  await dialog.getByRole('button', { name: 'Save Role' }).click()

  await expect(page).toHaveURL('/roles')
  await expect(flash(page)).toHaveText('Role saved')
  // At the top of the page's content, above its heading.
  const [note, heading] = await Promise.all([flash(page).boundingBox(), page.getByRole('heading', { level: 1 }).boundingBox()])
  expect(note!.y).toBeLessThan(heading!.y)
  await expectNoSeriousViolation(page)

  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(flash(page)).toHaveText('')
})

test('editing one’s profile: "Profile updated" on the profile, and it goes with the next page', async ({ page }) => {
  await signIn(page, await createVerifiedUser())
  const { user: me } = await landingOf(page)
  await page.goto(`/users/${me!._id}/profile?edit=1`)
  await page.getByLabel('Full Name').fill('Flash Person')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page).toHaveURL(`/users/${me!._id}/profile`)
  await expect(flash(page)).toHaveText('Profile updated')

  // A link, so with JavaScript this is a client-side navigation: the confirmation must still go.
  await page.getByRole('link', { name: 'Dashboard' }).filter({ visible: true }).first().click()
  await expect(page).toHaveURL(/\/dashboard/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(flash(page)).toHaveText('')
})

test('a forged or garbled flash cookie shows nothing and breaks nothing', async ({ page, context }) => {
  await signIn(page, await createVerifiedUser())
  const { hostname } = new URL(page.url() === 'about:blank' ? String(test.info().project.use.baseURL) : page.url())
  const forged = Buffer.from(JSON.stringify({ __flash_toast__: { title: 'Call 555-0100 now', type: 'error' } })).toString('base64')
  for (const value of [encodeURIComponent(`${forged}.c2lnbmF0dXJl`), encodeURIComponent(forged), '%E0%A4%A']) {
    await context.addCookies([{ name: 'flash', value, domain: hostname, path: '/' }])
    const response = await page.goto('/dashboard')
    expect(response!.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(flash(page)).toHaveText('')
  }
})
