/**
 * A page's scripts are asked for only once the browser has painted it. Remix writes a module
 * preload for each of them and an inline module script that imports them; left as they are, a
 * phone on a slow network fetches about 110 KB of scripts beside the stylesheet, and the first
 * paint waits on both. Every screen works before its scripts arrive (they only add comfort), so
 * the document and its one stylesheet go alone and the scripts follow the first paint.
 *
 * The preloads and the module script stay where Remix wrote them, held inert (a link without
 * `rel`, a script of a type no browser runs). One small script, with the response's CSP nonce,
 * puts them back as Remix wrote them once the browser reports its first paint, then takes itself
 * out: React hydrates the very elements it rendered. A browser without JavaScript runs none of it.
 */
const PRELOAD = '<link rel="modulepreload" '
const HELD_PRELOAD = '<link data-after-paint="modulepreload" '
const MODULE = /<script nonce="([^"]*)" type="module" async="">/

/** The page with its preloads and module script held until after the first paint; a page without them, unchanged. */
export function scriptsAfterPaint(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const first = page.indexOf(PRELOAD)
  if (first === -1) return page
  const tail = page.subarray(first).toString('utf8')
  const module = MODULE.exec(tail)
  if (!module) return page
  const [open, nonce] = module
  const code = module.index + open.length
  const end = tail.indexOf('</script>', code)
  if (end === -1) return page
  const close = end + '</script>'.length
  const held = [
    tail.slice(0, module.index).replaceAll(PRELOAD, HELD_PRELOAD),
    `<script type="text/x-after-paint" nonce="${nonce}">${tail.slice(code, close)}`,
    `<script nonce="${nonce}">${starter}</script>`,
    tail.slice(close),
  ]
  return Buffer.concat([page.subarray(0, first), Buffer.from(held.join(''))])
}

/**
 * Runs in the browser, written here as the text it sends: once the first paint is reported (or,
 * where the browser keeps no paint timing, a frame later), each held element is replaced by the
 * one Remix wrote, so the preloads are fetched and the module script runs.
 */
const starter = `(() => {
const self = document.currentScript
self.remove()
const start = () => {
for (const held of document.querySelectorAll('link[data-after-paint]')) {
const link = document.createElement('link')
link.rel = 'modulepreload'
link.href = held.getAttribute('href')
held.replaceWith(link)
}
const held = document.querySelector('script[type="text/x-after-paint"]')
const module = document.createElement('script')
module.type = 'module'
module.async = true
module.nonce = self.nonce
module.textContent = held.textContent
held.replaceWith(module)
}
if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
new PerformanceObserver((_, observer) => {
observer.disconnect()
start()
}).observe({ type: 'paint', buffered: true })
} else requestAnimationFrame(() => setTimeout(start))
})()`
