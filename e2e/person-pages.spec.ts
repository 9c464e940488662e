import { expect, test } from './support/fixtures'
import { apiSession } from './support/api'
import { createVerifiedUser } from './support/users'

/**
 * A person's leave a page at a time (issue 36 §8), with JavaScript on and off: ten periods a page on
 * the dashboard and on a profile, leave ahead and past leave each paged on its own, Previous and
 * Next keeping the other list's page, and a page of past leave asked for shown open. Each test's
 * employee records 12 periods ahead (in 2031) and 12 over (in 2020) through the API, every other day.
 */
const AHEAD = 12
const BEHIND = 12
const dayAfter = (from: string, n: number) => new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
/** The screen's way of writing a day (en-US numeric). */
const shown = (day: string) => {
  const [year, month, date] = day.split('-').map(Number)
  return `${month}/${date}/${year}`
}

async function employeeWithLeave() {
  const user = await createVerifiedUser()
  const { call, user: account } = await apiSession(user)
  const record = (day: string) => call('/api/leave', { method: 'POST', body: { startDate: day, endDate: day, note: '' } })
  for (let n = 0; n < AHEAD; n++) await record(dayAfter('2031-01-01', 2 * n))
  for (let n = 0; n < BEHIND; n++) await record(dayAfter('2020-01-01', 2 * n))
  return { ...user, id: account._id }
}

for (const [where, heading, path] of [
  ['the dashboard', 'My leave', () => '/dashboard'],
  ['their profile', 'Leave', (id: string) => `/users/${id}/profile`],
] as const) {
  test(`${where}: leave ahead and past leave ten a page, each list paged on its own`, async ({ page, open }) => {
    const employee = await employeeWithLeave()
    await open(path(employee.id), employee)
    const leave = page.getByRole('region', { name: heading, exact: true })
    const ahead = leave.getByRole('list', { name: 'Upcoming leave' })
    const pages = leave.getByRole('navigation', { name: 'Pages' })
    await expect(ahead.getByRole('listitem')).toHaveCount(10)
    await expect(ahead.getByRole('listitem').first()).toContainText(shown('2031-01-01'))
    await expect(pages.getByRole('status')).toHaveText(`Showing 1–10 of ${AHEAD} leave periods`)
    await expect(leave.getByText(`Past leave (${BEHIND})`)).toBeVisible()

    await pages.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/[?&]leavePage=2(&|#|$)/)
    await expect(ahead.getByRole('listitem')).toHaveCount(AHEAD - 10)
    await expect(ahead.getByRole('listitem').first()).toContainText(shown(dayAfter('2031-01-01', 20)))
    await expect(leave.getByRole('status').filter({ hasText: 'leave periods' }).first()).toHaveText(`Showing 11–${AHEAD} of ${AHEAD} leave periods`)

    // Past leave, the latest first: its own pages, shown open, the page of leave ahead kept.
    await leave.getByText(`Past leave (${BEHIND})`).click()
    const past = leave.getByRole('list', { name: 'Past leave' })
    await expect(past.getByRole('listitem')).toHaveCount(10)
    await expect(past.getByRole('listitem').first()).toContainText(shown(dayAfter('2020-01-01', 2 * (BEHIND - 1))))
    await leave.locator('#past-leave').getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/pastLeavePage=2/)
    await expect(page).toHaveURL(/leavePage=2/)
    await expect(past).toBeVisible()
    await expect(past.getByRole('listitem')).toHaveCount(BEHIND - 10)
    await expect(past.getByRole('listitem').first()).toContainText(shown(dayAfter('2020-01-01', 2)))
    await expect(ahead.getByRole('listitem')).toHaveCount(AHEAD - 10)

    // Cancelling a period on the second page stays there.
    const last = dayAfter('2031-01-01', 2 * (AHEAD - 1))
    await ahead.getByRole('link', { name: `Cancel leave on ${shown(last)}` }).click()
    await leave.getByRole('button', { name: `Yes, cancel leave on ${shown(last)}` }).click()
    await expect(page).toHaveURL(/leavePage=2/)
    await expect(ahead.getByRole('listitem')).toHaveCount(AHEAD - 11)
    await expect(ahead).not.toContainText(shown(last))
  })
}
