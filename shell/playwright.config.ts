import { defineConfig, devices } from '@playwright/test'

// Debian's Chromium, never a downloaded browser. e2e/run.mjs starts the site and sets both variables.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// Specs that subscribe, give subscriptions or run the test renewal (see the 'clock' project).
const clockSpecs = /subscriptions(-[a-z]+)?\.spec\.ts$/

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Generous: CI machines are small and several of these tests walk many pages.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3000',
    // Recording a trace snapshots the page at every action: in CI that made the suite a third
    // slower (storefront and shop specs 1.9 -> 1.3 min), so CI records one only for the retry
    // of a failed test, which is where it is read.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // An action that cannot happen (an element that never appears) fails in 20 s and names its
    // locator, instead of waiting out the whole test's timeout (up to 3 minutes) first.
    actionTimeout: 20_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    // The admin's test renewal ("Run December renewal") renews every due subscription and gift
    // on the site, not only the test's own: two of these specs at once renewed each other's
    // months mid-test (a month paused by one was shipped by the other's run). They take turns,
    // beside the rest of the suite. Listed first, so their one worker starts on them at once
    // instead of running them alone after every other test.
    {
      name: 'clock',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testMatch: clockSpecs,
      workers: 1,
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: [/canary\.spec\.ts$/, clockSpecs],
    },
    // A broken storefront on canary reaches half of every fresh visitor, other tests' too: it
    // runs once the others are done, alone on the site (issue 38).
    {
      name: 'canary',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testMatch: /canary\.spec\.ts$/,
      dependencies: ['desktop', 'clock'],
    },
  ],
})
