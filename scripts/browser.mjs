// Where Playwright finds Chromium: Debian's package (Playwright's own download is not possible on
// every machine this project runs on), or CHROMIUM_PATH.
import fs from 'node:fs'

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const chromiumFound = () => fs.existsSync(chromiumPath)

// Without the background-networking flags Chromium keeps calling home, which a closed network refuses.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]
