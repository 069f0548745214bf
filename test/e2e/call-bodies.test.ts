// Request and response bodies in the log on the embedded store: files under the data folder's
// bodies/ (never in the state file), swept by day. The scenario: test/helpers/call-bodies-scenario.ts.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { callBodiesScenario } from '../helpers/call-bodies-scenario.js';
import { startGateway } from '../helpers/gateway.js';
import { tempDir } from '../helpers/temp-dir.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('request and response bodies in the log (embedded store)', () => {
  it('kept only when opted in, readable by their owner and administrators, cut, without keys, swept after the configured days', async () => {
    await callBodiesScenario({}, (relay) => {
      const bodies = join(relay.dataDir, 'bodies');
      return {
        storedText: async () => (await Promise.all((await filesUnder(relay.dataDir)).map((file) => readFile(file, 'latin1')))).join('\n'),
        async dateBody(requestId, at) {
          // Moved into the folder of its new UTC day, its created_at changed with it.
          const file = (await filesUnder(bodies)).find((name) => basename(name) === `${requestId}.json`)!;
          const day = join(bodies, new Date(at).toISOString().slice(0, 10));
          await mkdir(day, { recursive: true });
          await writeFile(join(day, basename(file)), JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), created_at: at }));
          await rm(file);
        },
        keptCount: async () => (await filesUnder(bodies)).filter((file) => file.endsWith('.json')).length,
        isKept: async (requestId) => (await filesUnder(bodies)).some((file) => basename(file) === `${requestId}.json`),
        sweeps: 'day',
      };
    });
  }, 60_000);

  it('answers and logs the call when its bodies cannot be kept', async () => {
    // A file where the bodies folder should be: every write of bodies fails.
    const dataDir = await tempDir();
    await writeFile(join(dataDir, 'bodies'), 'not a folder');
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o-mini'] }], { log_bodies: true }, { dataDir });
    const response = await fetch(`${gateway.relay.relayBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'still answered' }] }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).choices[0].message.content).toBe('Echo: still answered');
    const requestId = response.headers.get('x-request-id')!;
    await expect.poll(() => gateway.relay.logged.some((line) => line.includes(`call bodies of ${requestId} not kept`)), { timeout: 10_000 }).toBe(true);
    const logged = await gateway.admin.call('GET', `/api/log?request_id=${requestId}&type=2`);
    expect(logged.json.data.items).toHaveLength(1);
    expect((await gateway.admin.call('GET', `/api/log/${logged.json.data.items[0].id}/bodies`)).json).toMatchObject({ success: true, data: null });
  });
});
