import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './scripts/browser.mjs'

// E2E_PORT lets two runs share a machine: each gets its own ports and its own data folder.
const PORT = Number(process.env.E2E_PORT ?? 3100)
const API_PORT = PORT + 1
export const E2E_API_URL = `http://127.0.0.1:${API_PORT}`
export const E2E_DATA_DIR = path.resolve(`.cache/e2e-data-${PORT}`)
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'E2e-admin1!' }
/** The organisation's zone for the suite: not UTC (nor, likely, the machine's), so a time shown in UTC would fail. */
export const E2E_TIME_ZONE = 'Asia/Kolkata'

export default defineConfig({
  testDir: 'e2e',
  // Per port, like the data folder: a run never deletes another run's traces.
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  // Generous: on a loaded two-core machine axe over a screen of hundreds of fields takes tens of seconds.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'js', use: { ...devices['Desktop Chrome'], javaScriptEnabled: true } },
    { name: 'no-js', use: { ...devices['Desktop Chrome'], javaScriptEnabled: false } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/healthz`,
    // Never a developer's running app and database: the tests start their own.
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      API_PORT: String(API_PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://localhost:${PORT}`,
      SEED_ADMIN_EMAIL: E2E_ADMIN.email,
      SEED_ADMIN_PASSWORD: E2E_ADMIN.password,
      NODE_ENV: 'test',
      TIME_ZONE: E2E_TIME_ZONE,
      // Every browser of the suite comes from one address, and the suite signs hundreds of people up.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
    },
  },
})
