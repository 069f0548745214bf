import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import type { Router } from 'express';
import { CONSOLE_CONTENT_SECURITY_POLICY } from './console-content-security-policy.js';

/** Serves the built renderer at `/`, with a history fallback to index.html for client routes. */
export function consoleRouter(consoleDir: string | null): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', CONSOLE_CONTENT_SECURITY_POLICY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });
  const index = consoleDir ? join(consoleDir, 'index.html') : null;
  if (!consoleDir || !index || !existsSync(index)) {
    router.get(/.*/, (_req, res) => {
      // 200: the relay itself is up, and clients probe the base URL (Claude Code sends HEAD /).
      res.status(200).type('html').send(
        '<!doctype html><title>Relaydesk</title><h1>Relaydesk</h1>' +
          '<p>The console is not built. Run <code>npm run build</code> (or <code>npm start</code>, which builds it), then reload. If the build fails, it says why (after <code>npm ci --omit=optional</code> the bundler\'s native part is missing: run <code>npm install</code> first).</p>' +
          '<p>The API is up: <a href="/api/status">/api/status</a>.</p>',
      );
    });
    return router;
  }
  router.use(
    '/assets',
    express.static(join(consoleDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  router.use(express.static(consoleDir, { index: false, maxAge: 0 }));
  router.get(/.*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
