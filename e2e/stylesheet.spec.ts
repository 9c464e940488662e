/**
 * A browser's first page paints from the stylesheet written into it; every later page links the
 * file, which that first page had the browser fetch once painted (app/lib/stylesheet.server.ts):
 * with JavaScript and without, the pages look the same either way.
 */
import { expect, test, type Page } from './support/fixtures'

/** The stylesheet as the page holds it: written in (its text's length) and linked. */
const stylesheetOf = (page: Page) =>
  page.evaluate(() => ({
    written: [...document.querySelectorAll('style[data-href]')].map((style) => style.textContent?.length ?? 0),
    linked: [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname),
    background: getComputedStyle(document.body).backgroundColor,
  }))

/** The cookie value React Router's createCookie writes for a string, unsigned. */
const cookieValue = (text: string) => encodeURIComponent(Buffer.from(JSON.stringify(text)).toString('base64'))

test.describe('the stylesheet', () => {
  test('a first visit carries it in the page, the next page links the fetched file, and both look the same', async ({ page, context }) => {
    const fetched: string[] = []
    page.on('requestfinished', (request) => new URL(request.url()).pathname.endsWith('.css') && fetched.push(new URL(request.url()).pathname))
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    const first = await stylesheetOf(page)
    expect(first.written).toHaveLength(1)
    expect(first.written[0]).toBeGreaterThan(1000)
    expect(first.linked).toEqual([])
    // Once painted, the browser fetches the file for the pages after this one.
    await expect.poll(() => fetched.length).toBe(1)
    const prefetched = [...fetched]
    const [cookie] = (await context.cookies()).filter(({ name }) => name === 'stylesheet')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })

    await page.goto('/signup')
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
    const next = await stylesheetOf(page)
    expect(next.written).toEqual([])
    expect(next.linked).toEqual(prefetched)
    expect(next.background).toBe(first.background)
    expect(next.background).not.toBe('rgba(0, 0, 0, 0)')
  })

  test("a browser holding an older release's stylesheet gets the new one written in once more", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'stylesheet', value: cookieValue('/assets/app-0ld.css'), url: baseURL! }])
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    expect((await stylesheetOf(page)).written).toHaveLength(1)
  })
})
