import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { isNoJs } from './session'

/**
 * axe is a script: without JavaScript, a screen is used in a page that runs scripts but loads none
 * of the app's (the same server-rendered HTML and plain form posts), signed in as `page` is. A test
 * that checks a state reached by a post (a summary, a flash) goes through it in this page.
 */
export async function checkablePage(page: Page) {
  if (!isNoJs()) return page
  const context = await page.context().browser()!.newContext({
    javaScriptEnabled: true,
    baseURL: test.info().project.use.baseURL,
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
  })
  await context.route(/\.js(\?|$)/, (route) => route.abort())
  return context.newPage()
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousViolation(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}
