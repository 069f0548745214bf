import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { readCallLogs } from '../../helpers/call-logs.js';
import { startGateway } from '../../helpers/gateway.js';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function channel(admin: ApiClient, models: string[], group: string, extra: Record<string, unknown> = {}) {
  const response = await admin.call('POST', '/api/channel/', { type: 1, name: `c-${group}`, key: 'k', base_url: 'http://127.0.0.1:9', models: models.join(','), group, ...extra });
  expect(response.json.success, response.text).toBe(true);
  return response.json.data.id as number;
}

describe('groups (admin)', () => {
  it('lists the default group, creates, updates, pages and deletes groups, with validation', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);

    const first = await admin.call('GET', '/api/group/');
    expect(first.json.data).toMatchObject({ total: 1, page: 1, page_size: 20 });
    expect(first.json.data.items[0]).toMatchObject({ name: 'default', ratio: 1, selectable: true, users: 1, channels: 0, tokens: 0 });

    const created = await admin.call('POST', '/api/group/', { name: 'vip', ratio: 0.5, description: ' Paying members ', selectable: true });
    expect(created.json.success, created.text).toBe(true);
    expect(created.json.data).toMatchObject({ name: 'vip', ratio: 0.5, description: 'Paying members', selectable: true });
    expect((await admin.call('POST', '/api/group/', { name: 'vip' })).status).toBe(409);
    for (const bad of [{ name: '' }, { name: 'has space' }, { name: 'x'.repeat(65) }, { name: 'ok', ratio: -1 }, { name: 'ok', ratio: 'two' }, { ratio: 1 }]) {
      const response = await admin.call('POST', '/api/group/', bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.json.success).toBe(false);
    }

    const updated = await admin.call('PUT', '/api/group/', { name: 'vip', ratio: 0.8, selectable: false });
    expect(updated.json.data).toMatchObject({ name: 'vip', ratio: 0.8, description: 'Paying members', selectable: false });
    expect((await admin.call('GET', '/api/group/vip')).json.data.ratio).toBe(0.8);
    expect((await admin.call('PUT', '/api/group/', { name: 'nobody', ratio: 2 })).status).toBe(404);
    expect((await admin.call('GET', '/api/group/nobody')).status).toBe(404);

    for (const name of ['a1', 'a2', 'a3']) expect((await admin.call('POST', '/api/group/', { name })).json.data.ratio).toBe(1);
    const page = await admin.call('GET', '/api/group/?p=2&page_size=2');
    expect(page.json.data).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(page.json.data.items.map((g: { name: string }) => g.name)).toEqual(['a1', 'a2']);
    expect((await admin.call('GET', '/api/group/?keyword=paying')).json.data.items.map((g: { name: string }) => g.name)).toEqual(['vip']);

    expect((await admin.call('DELETE', '/api/group/a1')).json.success).toBe(true);
    expect((await admin.call('GET', '/api/group/a1')).status).toBe(404);
    expect((await admin.call('DELETE', '/api/group/a1')).status).toBe(404);
    const refusedDefault = await admin.call('DELETE', '/api/group/default');
    expect(refusedDefault.status).toBe(409);
    expect(refusedDefault.json.message).toContain('default');
  });

  it('refuses to delete a group a channel or a key uses, saying what uses it', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    await admin.call('POST', '/api/group/', { name: 'team' });
    const channelId = await channel(admin, ['m'], 'default,team');
    const byChannel = await admin.call('DELETE', '/api/group/team');
    expect(byChannel.status).toBe(409);
    expect(byChannel.json.message).toMatch(/in use by 1 channel/);
    expect((await admin.call('GET', '/api/group/team')).json.data).toMatchObject({ channels: 1, tokens: 0 });

    await admin.call('POST', '/api/group/', { name: 'keys', selectable: true });
    const token = await admin.call('POST', '/api/token/', { name: 'k', group: 'keys' });
    expect(token.json.success, token.text).toBe(true);
    const byKey = await admin.call('DELETE', '/api/group/keys');
    expect(byKey.status).toBe(409);
    expect(byKey.json.message).toMatch(/in use by 1 key/);
    expect(channelId).toBeGreaterThan(0);
  });
});

describe('GET /api/user/self/groups', () => {
  it('answers the user’s own group and the selectable ones, with ratios and descriptions', async () => {
    const first = await startTestRelay();
    const owner = await setupAndLogin(first, 'owner', 'owner-password-1');
    await owner.call('PUT', '/api/group/', { name: 'default', description: 'Everyone' });
    await owner.call('POST', '/api/group/', { name: 'team', ratio: 0.9, description: 'The team' });
    await owner.call('POST', '/api/group/', { name: 'vip', ratio: 2, description: 'Fast lane', selectable: true });
    await owner.call('POST', '/api/group/', { name: 'internal', ratio: 0 });
    await first.close();
    // A common user in the `team` group.
    await seedUsers(first.dataDir, [{ username: 'member', group: 'team' }]);
    const relay = await startTestRelay({ dataDir: first.dataDir });
    const member = new ApiClient(relay.origin);
    expect((await member.call('POST', '/api/user/login', { username: 'member', password: 'member-password-1' })).json.success).toBe(true);

    const groups = await member.call('GET', '/api/user/self/groups');
    expect(groups.json.data).toEqual([
      { name: 'default', ratio: 1, description: 'Everyone' },
      { name: 'team', ratio: 0.9, description: 'The team' },
      { name: 'vip', ratio: 2, description: 'Fast lane' },
    ]);
    expect((await member.call('GET', '/api/group/')).status).toBe(403);
  });
});

describe('group ratio in billing', () => {
  it('a ratio set through the API changes what a call through the relay is charged', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o'], extra: { group: 'default,vip' } }]);
    expect((await gateway.admin.call('POST', '/api/group/', { name: 'vip', ratio: 3, selectable: true })).json.success).toBe(true);
    const vipKey = (await gateway.admin.call('POST', '/api/token/', { name: 'vip key', group: 'vip', unlimited_quota: true })).json.data.key as string;
    expect((await gateway.admin.call('PUT', '/api/group/', { name: 'default', ratio: 2 })).json.success).toBe(true);

    for (const key of [gateway.key, vipKey]) {
      const response = await fetch(`${gateway.relay.relayBaseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'repeat 40' }] }),
      });
      expect(response.status).toBe(200);
      await response.text();
    }
    await gateway.relay.close();
    const logs = await readCallLogs(gateway.relay.dataDir);
    expect(logs.map((l) => l.group)).toEqual(['default', 'vip']);
    // gpt-4o by default: model ratio 1.25, completion ratio 4.
    for (const [log, ratio] of [[logs[0], 2], [logs[1], 3]] as const) {
      expect(log.prompt_tokens).toBeGreaterThan(0);
      expect(log.quota).toBe(Math.round((log.prompt_tokens + log.completion_tokens * 4) * 1.25 * ratio));
    }
  });
});
