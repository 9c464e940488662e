/**
 * What a page costs the browser: HTML, CSS and JavaScript, gzipped, (1) from the build output, the
 * files the route's entry in React Router's browser manifest names, and (2) as Chromium receives
 * them in a real load.
 */
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../../scripts/browser.mjs'
import type { ClientManifest } from './builds'

/**
 * Markers only a spreadsheet library's code holds (exceljs, SheetJS, write-excel-file, whose
 * error messages name it, minified or not): none may reach a browser.
 */
const SPREADSHEET = /xl\/worksheets\/sheet|SheetJS|exceljs|write-excel-file/

const gz = (data: string | Buffer) => gzipSync(data).length

/**
 * The route's JavaScript, as React Router's <Scripts> preloads it: the entry, then every route from
 * the root down to it, each with its imports (URLs under /assets/). The manifest itself is written
 * into the document, so the document's weight counts it.
 */
export function routeScripts(manifest: ClientManifest, routeId: string) {
  const chain: string[] = []
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(id)
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])])
  for (const id of chain) for (const file of [manifest.routes[id]!.module, ...(manifest.routes[id]!.imports ?? [])]) files.add(file)
  return [...files]
}

/** The bytes of these files gzipped, read from the build's browser folder (`clientDir`, served at /). */
export const gzippedSize = (clientDir: string, urls: string[]) => urls.reduce((sum, url) => sum + gz(fs.readFileSync(path.join(clientDir, url))), 0)

/** `clientDir`: the build's browser folder, served at /. `page`: the document as the server sent it, gzipped (`bytes`) and as text (`html`, for its stylesheets). */
export function buildWeight(clientDir: string, scripts: string[], page: { bytes: number; html: string }) {
  const read = (url: string) => fs.readFileSync(path.join(clientDir, url))
  // Any attribute order: React Router's <Links> writes the CSP nonce first (`<link nonce=… rel="stylesheet" href=…>`).
  const styles = [...page.html.matchAll(/<link\b[^>]*>/g)].filter(([tag]) => /\brel="stylesheet"/.test(tag)).map(([tag]) => tag.match(/\bhref="([^"]+)"/)![1])
  const code = scripts.map(read)
  return {
    html: page.bytes,
    css: styles.reduce((sum, url) => sum + gz(read(url)), 0),
    js: code.reduce((sum, file) => sum + gz(file), 0),
    spreadsheet: code.some((file) => SPREADSHEET.test(file.toString('utf8'))),
  }
}

export interface Received {
  html: number
  css: number
  js: number
  other: number
}

/** Each address loaded in Chromium, with JavaScript and an empty cache, until the network is idle: bytes received per kind. */
export async function browserWeights(base: string, paths: string[], cookie?: { name: string; value: string }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const weights = new Map<string, Received>()
    for (const address of paths) {
      // A context each: nothing cached from the page before.
      const context = await browser.newContext()
      if (cookie) await context.addCookies([{ ...cookie, url: base }])
      const page = await context.newPage()
      const sizes: Promise<{ kind: keyof Received; bytes: number }>[] = []
      page.on('requestfinished', (request) => {
        const type = request.resourceType()
        const kind = type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : 'other'
        sizes.push(request.sizes().then((size) => ({ kind, bytes: size.responseBodySize })))
      })
      // Loaded (every script the document names has run), then quiet (lazy route discovery's fetch done).
      await page.goto(`${base}${address}`, { waitUntil: 'load' })
      await page.waitForLoadState('networkidle')
      const received: Received = { html: 0, css: 0, js: 0, other: 0 }
      for (const { kind, bytes } of await Promise.all(sizes)) received[kind] += bytes
      weights.set(address, received)
      await context.close()
    }
    return weights
  } finally {
    await browser.close()
  }
}
