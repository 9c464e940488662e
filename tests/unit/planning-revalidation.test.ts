import { describe, expect, test } from 'vitest'
import { shouldRevalidate } from '#app/routes/_app.project-resource-planning'

/**
 * With JavaScript a post of Project Resource Planning is answered with the view it leads to, so
 * the page's loader is not asked again (tests/scale/screen-calls.test.ts counts what a post costs);
 * anything else revalidates as React Router would.
 */
describe("Project Resource Planning's shouldRevalidate", () => {
  const url = new URL('http://portal.test/project-resource-planning?projectId=p')
  const args = { currentUrl: url, nextUrl: url, currentParams: {}, nextParams: {}, defaultShouldRevalidate: true }
  test("a post this page's action answered (the form, or a choice through its fetcher): not asked again", () => {
    expect(shouldRevalidate({ ...args, formMethod: 'POST', formAction: url.pathname + url.search, actionResult: { state: {} }, actionStatus: 200 })).toBe(false)
  })
  test('a navigation, a redirect after Save, or a refused post: as React Router would', () => {
    expect(shouldRevalidate({ ...args })).toBe(true)
    expect(shouldRevalidate({ ...args, defaultShouldRevalidate: false })).toBe(false)
    expect(shouldRevalidate({ ...args, formMethod: 'POST', actionResult: undefined })).toBe(true)
    expect(shouldRevalidate({ ...args, formMethod: 'POST', actionResult: { error: 'x' }, actionStatus: 403 })).toBe(true)
  })
})
