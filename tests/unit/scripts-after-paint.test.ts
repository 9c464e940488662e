/**
 * The page's scripts held until after the first paint: what the server sends in place of Remix's
 * preloads and module script. That the browser then fetches them only after its first paint and
 * hydrates without a mismatch is e2e/first-paint.spec.ts.
 */
import { describe, expect, it } from 'vitest'
import { scriptsAfterPaint } from '#app/lib/scripts-after-paint.server'

const nonce = 'bm9uY2Utb2YtdGhpcy1wYWdl'
const head = '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/build/_assets/app.css"/></head><body><h1>Sign in</h1>'
const preloads = ['/build/entry.client-A.js', '/build/_shared/chunk-B.js', '/build/routes/login-C.js']
const context = `<script nonce="${nonce}">window.__remixContext = {"future":{}};</script>`
const code = ';\nimport * as route0 from "/build/root-R.js";\nwindow.__remixRouteModules = {"root":route0};\n\nimport("/build/entry.client-A.js");'
const data = `<!--$--><script nonce="${nonce}">window.__remixContext.streamController.close();</script><!--/$-->`
const page =
  head +
  preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`).join('') +
  context +
  `<script nonce="${nonce}" type="module" async="">${code}</script></body></html>` +
  data

const held = scriptsAfterPaint(Buffer.from(page)).toString('utf8')

describe('scriptsAfterPaint', () => {
  it('leaves the document up to the scripts as it was, and the data that follows them', () => {
    expect(held.startsWith(head)).toBe(true)
    expect(held.endsWith(`</body></html>${data}`)).toBe(true)
  })

  it('asks for no script while the page loads: no module preload, no module script', () => {
    expect(held).not.toContain('rel="modulepreload"')
    expect(held).not.toContain('type="module"')
  })

  it('keeps each preload where Remix wrote it, in order, without its rel', () => {
    const kept = [...held.matchAll(/<link data-after-paint="modulepreload" href="([^"]+)"\/>/g)].map(([, href]) => href)
    expect(kept).toEqual(preloads)
    expect(held.indexOf(context)).toBeGreaterThan(held.lastIndexOf('data-after-paint="modulepreload"'))
  })

  it('keeps the module script whole, as text no browser runs, after the context it reads', () => {
    const inert = `<script type="text/x-after-paint" nonce="${nonce}">${code}</script>`
    expect(held).toContain(inert)
    expect(held.indexOf(inert)).toBeGreaterThan(held.indexOf(context))
  })

  it('starts them with one script carrying the page nonce, right after the held module script', () => {
    const starter = held.match(new RegExp(`</script><script nonce="${nonce}">(\\(\\(\\) => \\{[\\s\\S]*?\\}\\)\\(\\))</script></body>`))
    expect(starter).not.toBeNull()
    expect(starter![1]).toContain("observe({ type: 'paint', buffered: true })")
    expect(() => new Function(starter![1])).not.toThrow()
  })

  it('sends a page without scripts (an error Remix could not render, say) as it came', () => {
    const bare = Buffer.from('<!DOCTYPE html><html><body><h1>Oops</h1></body></html>')
    expect(scriptsAfterPaint(bare)).toBe(bare)
  })
})
