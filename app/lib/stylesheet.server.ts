import fs from 'node:fs'
import { createCookie } from 'react-router'
import { webEnv } from '../../server/env'

/**
 * A browser's first page carries the stylesheet in the document; every later one links the file,
 * which that first page asked the browser to fetch once it had painted.
 *
 * Why: on a phone on slow 4G every request waits about 150 ms before a byte comes back, and a
 * page's first paint waits for its stylesheet. Linked, a first visit pays that wait twice (the
 * document, then the stylesheet); written into the document, once. Written into every document,
 * though, a worker without JavaScript (every page a document) would download it again on each page
 * and never paint from the cached file: so only until the browser holds the file. The cookie names
 * the stylesheet it was told to fetch, so a new release's stylesheet comes inline once again.
 */
const cachedStylesheet = () =>
  createCookie('stylesheet', { path: '/', httpOnly: true, sameSite: 'lax', secure: webEnv().PUBLIC_URL.startsWith('https:'), maxAge: 60 * 60 * 24 * 365 })

const texts = new Map<string, string | null>()

/**
 * The built stylesheet's text, read once. None while developing: Vite serves the stylesheet itself,
 * and the file is in the client build only.
 */
export function stylesheetText(href: string): string | null {
  if (!texts.has(href)) {
    const file = new URL(`../client${href}`, import.meta.url)
    texts.set(href, href.startsWith('/assets/') && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null)
  }
  return texts.get(href) ?? null
}

/** Whether this page writes the stylesheet in (the browser does not hold it yet), and the cookie that says it will. */
export async function stylesheetInline(request: Request, href: string): Promise<{ inline: boolean; setCookie?: string }> {
  if (stylesheetText(href) === null) return { inline: false }
  const cookie = cachedStylesheet()
  if ((await cookie.parse(request.headers.get('cookie'))) === href) return { inline: false }
  return { inline: true, setCookie: await cookie.serialize(href) }
}
