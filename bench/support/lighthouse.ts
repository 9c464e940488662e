/**
 * Lighthouse's own default run (a mid-range phone: mobile screen, slow 4G and a 4× slower CPU,
 * simulated) on Debian's Chromium, performance and accessibility only. The simulation scales the
 * CPU time it observed, so a busy machine lowers the score: each page runs `runs` times and the
 * run of median performance is kept, as Lighthouse's own guidance on variability advises.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumArgs, chromiumPath } from '../../scripts/browser.mjs'

export interface Scores {
  performance: number
  accessibility: number
  /** The metrics behind the performance score, in ms (CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number }
  /** Failed accessibility audits' titles: what an accessibility score under 100 lost its points on. */
  failedAccessibility: string[]
  /** Lighthouse's own error when the page could not be measured (its scores are then 0 and its metrics NaN). */
  error?: string
}

/** Each page's scores, by address; a page with a cookie is measured signed in, one without signed out. */
export async function lighthouseScores(pages: { url: string; cookie?: string }[], runs: number): Promise<Map<string, Scores>> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumArgs] })
  try {
    const scores = new Map<string, Scores>()
    for (const { url, cookie } of pages) {
      const results: Scores[] = []
      for (let run = 0; run < runs; run++) results.push(await score(chrome.port, url, cookie))
      results.sort((a, b) => a.performance - b.performance)
      scores.set(url, results[Math.floor(results.length / 2)])
    }
    return scores
  } finally {
    chrome.kill()
  }
}

async function score(port: number, url: string, cookie: string | undefined): Promise<Scores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...(cookie && { extraHeaders: { Cookie: cookie } }) })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { categories, audits, runtimeError } = result.lhr
  const metric = (id: string) => audits[id]?.numericValue ?? NaN
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    metrics: { fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift'), si: metric('speed-index') },
    failedAccessibility: categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => audits[ref.id].title),
    ...(runtimeError && { error: `${runtimeError.code}: ${runtimeError.message}` }),
  }
}
