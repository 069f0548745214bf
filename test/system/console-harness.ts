// What every console browser test needs: the console built by Vite, Debian's Chromium
// launched the way this machine allows, and a page that records CSP violations and
// uncaught errors.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { startRelay, type AppLogger, type RelayHandle } from '../../relay/index.js';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const resultsDir = join(repoRoot, 'test-results');

/** Builds the renderer into `outDir` with the project's own Vite configuration. */
export async function buildConsole(outDir: string): Promise<void> {
  await build({ configFile: join(repoRoot, 'vite.config.ts'), build: { outDir, emptyOutDir: true }, logLevel: 'silent' });
}

/**
 * Debian's Chromium, headless (`npx playwright install` cannot work here). Without the
 * background-networking flags it keeps trying hosts this machine cannot reach.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Collects Content-Security-Policy violations and uncaught errors of `page` into `problems`. */
export function watchForProblems(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
}

/** axe-core's WCAG 2 A/AA findings on `page` that are serious or critical: what, and where. */
export async function seriousA11yFindings(page: Page): Promise<string[]> {
  const audit = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A relay serving a freshly built console, and a Chromium page watched for problems. */
export interface ConsoleRig {
  relay: RelayHandle;
  origin: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** CSP violations and uncaught errors seen by `page`. */
  problems: string[];
  close(): Promise<void>;
}

const quietLog: AppLogger = { info: () => {}, warn: (m) => console.warn(m), error: (m) => console.error(m) };

/**
 * What most console browser tests start from: a temp folder, the console built into it, a
 * fresh relay (encrypted-file secrets, no setup yet) serving it, and a 1280×900 light page.
 */
export async function startConsoleRig(name: string, problems: string[] = []): Promise<ConsoleRig> {
  const workDir = await mkdtemp(join(tmpdir(), `relaydesk-${name}-`));
  const consoleDir = join(workDir, 'console');
  const dataDir = join(workDir, 'data');
  await mkdir(dataDir, { recursive: true });
  await mkdir(resultsDir, { recursive: true });
  await buildConsole(consoleDir);

  const relay = await startRelay({ host: '127.0.0.1', port: 0, dataDir, secretBackend: 'encrypted-file', consoleDir, log: quietLog });
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const page = await context.newPage();
  watchForProblems(page, problems);
  return {
    relay,
    origin: new URL(relay.consoleUrl).origin,
    browser,
    context,
    page,
    problems,
    async close() {
      await browser.close();
      await relay.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
