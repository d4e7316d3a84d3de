import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { DEMO_PASSWORD } from './e2e/fixtures/accounts';

/**
 * Journeys run in Debian Chromium against the production build (`npm run test:e2e` builds first),
 * served by the real API on a free port with a fresh data directory. The config is evaluated again in
 * every worker, so the port and directory are chosen once and handed down through the environment.
 */
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

process.env.E2E_PORT ??= String(freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'agaton-e2e-'));
process.env.E2E_SSO_PORT ??= String(freePort());
process.env.E2E_SSO_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'agaton-e2e-sso-'));
process.env.E2E_OIDC_PORT ??= String(freePort());

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
/** A second server whose Google sign-in points at a real OpenID provider on loopback. */
const ssoURL = `http://127.0.0.1:${process.env.E2E_SSO_PORT}`;
const oidcURL = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
const oidcClient = { id: 'agaton-e2e', secret: 'agaton-e2e-secret' };

/** Access tokens live this long in the journeys, so the refresh journey can outwait one. */
export const E2E_ACCESS_TOKEN_TTL_SECONDS = 5;

const serverEnv = {
  HOST: '127.0.0.1',
  // Production refuses the well-known demo password; the fixtures sign in with this one.
  DEMO_PASSWORD,
  ACCESS_TOKEN_TTL_SECONDS: String(E2E_ACCESS_TOKEN_TTL_SECONDS),
  // Journeys sign in far more often than one person would; the limiter has its own API tests.
  AUTH_RATE_LIMIT_MAX: '1000',
  SEED_DEMO_DATA: '1',
  // Ask Agaton's answers stream slowly enough for the Stop journey to land mid-answer.
  CHAT_STREAM_DELAY_MS: '150',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    // Collected by CI for its closing line (scripts/test-summary.ts).
    ...(process.env.TEST_RESULTS_DIR
      ? [['json', { outputFile: join(process.env.TEST_RESULTS_DIR, 'playwright.json') }] as const]
      : []),
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /\.(mobile|sso)\.spec\.ts$/,
    },
    {
      // A small phone held upright (375 × 812 CSS pixels, as issue 28 measured): Chromium with touch.
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        channel: undefined,
        viewport: { width: 375, height: 812 },
        screen: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
      // The candidate's whole test runs here too (every step must fit the screen, see its shot()).
      testMatch: [/\.mobile\.spec\.ts$/, /candidate\/english-test\.spec\.ts$/],
    },
    {
      name: 'sso',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: ssoURL },
      testMatch: /\.sso\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: 'npx tsx apps/api/src/server.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        // The journeys read e-mails from the outbox viewer (latestMail), which production refuses; this
        // server runs as development for that alone (NODE_ENV changes nothing else the browser sees).
        NODE_ENV: 'development',
        MAIL_OUTBOX_VIEWER: '1',
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: baseURL,
      },
    },
    {
      command: 'npx tsx e2e/fixtures/oidc-server.ts',
      url: `${oidcURL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        OIDC_PORT: String(process.env.E2E_OIDC_PORT),
        OIDC_CLIENT_ID: oidcClient.id,
        OIDC_CLIENT_SECRET: oidcClient.secret,
        OIDC_REDIRECT_URI: `${ssoURL}/api/oauth/callback`,
      },
    },
    {
      command: 'npx tsx apps/api/src/server.ts',
      url: `${ssoURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(process.env.E2E_SSO_PORT),
        DATA_DIR: process.env.E2E_SSO_DATA_DIR,
        PUBLIC_URL: ssoURL,
        GOOGLE_CLIENT_ID: oidcClient.id,
        GOOGLE_CLIENT_SECRET: oidcClient.secret,
        GOOGLE_ISSUER: oidcURL,
        OIDC_ALLOW_INSECURE: '1',
      },
    },
  ],
});
