// Makes sure a Chromium for the e2e tests is installed: Debian's `chromium` package via apt-get when
// running as root, otherwise a message naming exactly what is missing.
import { spawnSync } from 'node:child_process'
import { chromiumFound, chromiumPath } from './browser.mjs'

if (!chromiumFound()) {
  const root = process.getuid?.() === 0
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).stdout.trim()
  if (root && apt && !process.env.CHROMIUM_PATH) {
    console.log('Installing Chromium for the e2e tests (Debian package "chromium")...')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  }
  if (!chromiumFound()) {
    console.error(
      `The e2e tests need Chromium at ${chromiumPath}, and it is missing.\n` +
        'Install it with `sudo apt-get install chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    )
    process.exit(1)
  }
}
