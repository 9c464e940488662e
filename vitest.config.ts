import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = {
  '#app': fileURLToPath(new URL('./app', import.meta.url)),
  '#api': fileURLToPath(new URL('./api', import.meta.url)),
  '#domain': fileURLToPath(new URL('./domain', import.meta.url)),
}

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Each file gets its own database; two cores run two files at once.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Built processes on one PostgreSQL (DESIGN §3): run by CI after the build, with DATABASE_URL.
      // One file at a time (package.json's test:scale): each starts built processes, and a memory figure wants the machine quiet.
      { resolve: { alias }, test: { name: 'scale', include: ['tests/scale/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 240_000 } },
    ],
  },
})
