import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient, startTestRelay } from '../../helpers/relay.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('console serving', () => {
  it('serves the built console at / with a strict CSP, and client routes fall back to it', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Relaydesk</title><div id="root"></div>');
    await writeFile(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    const relay = await startTestRelay({ consoleDir: dir });
    const client = new ApiClient(relay.origin);

    const home = await client.call('GET', '/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<title>Relaydesk</title>');
    expect(home.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    expect((await client.call('GET', '/login')).text).toContain('id="root"');
    const asset = await client.call('GET', '/assets/app-1234.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await client.call('GET', '/assets/missing.js')).status).toBe(404);
  });

  it('says how to build the console when it is not built', async () => {
    const relay = await startTestRelay({ consoleDir: join(await tempDir(), 'missing') });
    const page = await new ApiClient(relay.origin).call('GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('npm run build');
  });
});
