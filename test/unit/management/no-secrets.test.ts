import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient, startTestRelay } from '../../helpers/relay.js';

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('secrets stay secret', () => {
  it('no password, session or access token in the data folder, the logs, or any later answer', async () => {
    const relay = await startTestRelay();
    const password = 'Pa55word-that-must-not-leak';
    const client = new ApiClient(relay.origin);
    const answers: string[] = [];
    await client.call('POST', '/api/setup', { username: 'owner', password });
    answers.push((await client.call('POST', '/api/user/login', { username: 'owner', password })).text);
    const session = client.cookie.split('=')[1]!;
    const token = (await client.call('GET', '/api/user/token')).json.data as string;
    const script = new ApiClient(relay.origin, { authorization: `Bearer ${token}` });
    for (const path of ['/api/status', '/api/setup', '/api/user/self']) {
      answers.push((await client.call('GET', path)).text, (await script.call('GET', path)).text);
    }
    await relay.close();

    const secrets = [password, session, token];
    const haystacks = [...answers, relay.logged.join('\n')];
    for (const file of await allFiles(relay.dataDir)) haystacks.push(await readFile(file, 'latin1'));
    expect(haystacks.length).toBeGreaterThan(8);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(15);
      for (const haystack of haystacks) expect(haystack.includes(secret)).toBe(false);
    }
  });
});
