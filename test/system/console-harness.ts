// What every console browser test needs: the console built by Vite, Debian's Chromium
// launched the way this machine allows, and a page that records CSP violations and
// uncaught errors.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';

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
