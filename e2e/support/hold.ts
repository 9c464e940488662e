import type { Page } from '@playwright/test'

/**
 * Holds the browser's loader requests of client-side navigations (single fetch's `/path.data`, or
 * Remix's older `?_data=`) until the answer's `release` is called; posts go through. `path` limits
 * it to one screen's address. For tests of what a screen shows while it waits.
 */
export async function holdLoaderData(page: Page, path?: string) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => (url.pathname.endsWith('.data') || url.searchParams.has('_data')) && (!path || url.pathname.replace(/\.data$/, '') === path),
    async (route) => {
      if (route.request().method() === 'GET') await held
      await route.continue()
    },
  )
  return () => release()
}
