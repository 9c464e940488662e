// The npm registry this project's machines reach lacks some platform builds of packages with
// native parts (rollup's Android, macOS, Windows... binaries). `npm install` then leaves them out
// of package-lock.json, and `npm ci` refuses a lock that misses an optional dependency. This
// writes the missing entries with their real os/cpu/libc, so `npm ci` skips them on machines
// they are not for, and fetches them by version on machines they are for. Idempotent; run after
// `npm install` (`.ci/run` runs it before `npm ci` too).
import fs from 'node:fs'

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'sunos', 'win32', 'aix', 'netbsd']
const CPU = ['arm', 'arm64', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'x64', 'wasm32']

// Packages for one system that name it in plain words, with no processor (vite's
// napi-windows-process-start-time): Windows only, whatever the processor.
const OS_WORDS = { windows: 'win32' }

function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const word = parts.find((part) => part in OS_WORDS)
  if (word) return { os: [OS_WORDS[word]] }
  const at = parts.findIndex((part) => OS.includes(part))
  if (at < 0 || !CPU.includes(parts[at + 1])) return null
  const abi = parts.slice(at + 2).join('-')
  const libc = abi.includes('musl') ? ['musl'] : abi.includes('gnu') ? ['glibc'] : undefined
  return { os: [parts[at]], cpu: [parts[at + 1]], ...(libc && { libc }) }
}

const file = 'package-lock.json'
const lock = JSON.parse(fs.readFileSync(file, 'utf8'))
let added = 0
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = location ? `${location}/node_modules/${name}` : `node_modules/${name}`
    const hoisted = `node_modules/${name}`
    if (lock.packages[nested] || lock.packages[hoisted]) continue
    const platform = platformOf(name)
    if (!platform) continue
    // A lock records a version, not a range: the range's floor (^0.1.0 gives 0.1.0), which exists.
    lock.packages[hoisted] = { version: version.replace(/^[\^~]/, ''), dev: entry.dev, optional: true, ...platform }
    if (!entry.dev) delete lock.packages[hoisted].dev
    added++
  }
}
if (added) fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n')
console.log(`complete-lockfile: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`)
