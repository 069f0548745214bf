import { afterEach, describe, expect, it } from 'vitest';
import { openLogStore } from '../../../relay/store/logs/index.js';
import type { LogQuery, LogRecord } from '../../../relay/store/logs/index.js';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { addChannel } from '../../helpers/gateway.js';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import type { TestRelay } from '../../helpers/relay.js';
import { tempDir } from '../../helpers/temp-dir.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

/** Owner (root) and alice (common user), signed in; channel 1 serves gpt-4o-mini, channel 2 gpt-4o. */
async function relayWithAlice() {
  const first = await startTestRelay();
  await setupAndLogin(first, 'owner', 'owner-password-1');
  await first.close();
  await seedUsers(first.dataDir, [{ username: 'alice' }]);
  const relay = await startTestRelay({ dataDir: first.dataDir });
  const owner = new ApiClient(relay.origin);
  const alice = new ApiClient(relay.origin);
  expect((await owner.call('POST', '/api/user/login', { username: 'owner', password: 'owner-password-1' })).json.success).toBe(true);
  expect((await alice.call('POST', '/api/user/login', { username: 'alice', password: 'alice-password-1' })).json.success).toBe(true);
  const upstream = await startFakeOpenAIChat();
  upstreams.push(upstream);
  const mini = await addChannel(owner, { type: 1, upstream, models: ['gpt-4o-mini'], name: 'mini channel' });
  const big = await addChannel(owner, { type: 1, upstream, models: ['gpt-4o'], name: 'big channel' });
  return { relay, owner, alice, channels: { mini, big } };
}

async function createKey(client: ApiClient, name: string): Promise<string> {
  const response = await client.call('POST', '/api/token/', { name, unlimited_quota: true });
  expect(response.json.success, response.text).toBe(true);
  return response.json.data.key;
}

async function callWith(relay: TestRelay, key: string, model: string, text = 'hello'): Promise<number> {
  const response = await fetch(`${relay.relayBaseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: text }] }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The call log is written as the call ends, which may be just after the client has its answer. */
async function waitForRecords(client: ApiClient, path: string, count: number): Promise<any> {
  for (let i = 0; i < 200; i++) {
    const page = await client.call('GET', path);
    if (page.json?.data?.total >= count) return page.json.data;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${path}: fewer than ${count} records`);
}

/** owner: 3 × gpt-4o-mini (key "owner key"), 1 × gpt-4o (key "owner other"), 1 failed (no channel); alice: 2 × gpt-4o (key "alice key"). */
async function withTraffic() {
  const setup = await relayWithAlice();
  const { relay, owner, alice } = setup;
  const ownerKey = await createKey(owner, 'owner key');
  const ownerOther = await createKey(owner, 'owner other');
  const aliceKey = await createKey(alice, 'alice key');
  for (let i = 0; i < 3; i++) expect(await callWith(relay, ownerKey, 'gpt-4o-mini', `call ${i}`)).toBe(200);
  expect(await callWith(relay, ownerOther, 'gpt-4o')).toBe(200);
  expect(await callWith(relay, ownerKey, 'no-such-model')).toBe(404);
  for (let i = 0; i < 2; i++) expect(await callWith(relay, aliceKey, 'gpt-4o', `alice ${i}`)).toBe(200);
  await waitForRecords(owner, '/api/log/?type=2', 6);
  await waitForRecords(owner, '/api/log/?type=5', 1);
  return setup;
}

const names = (page: any) => page.items.map((r: any) => `${r.username}:${r.model}`);

describe('GET /api/log/ and /api/log/self', () => {
  it('lists newest first with paging, and answers each filter', async () => {
    const { owner, channels } = await withTraffic();
    const all = (await owner.call('GET', '/api/log/?page_size=100')).json.data;
    // 3 key creations (manage), 2 logins, 6 calls, 1 error
    expect(all.total).toBe(all.items.length);
    const calls = all.items.filter((r: any) => r.type === 2 || r.type === 5);
    expect(calls).toHaveLength(7);
    const order = all.items.map((r: any) => [r.created_at, r.id]);
    expect(order).toEqual([...order].sort((a: number[], b: number[]) => b[0]! - a[0]! || b[1]! - a[1]!));

    const page1 = (await owner.call('GET', '/api/log/?type=2&p=1&page_size=4')).json.data;
    const page2 = (await owner.call('GET', '/api/log/?type=2&p=2&page_size=4')).json.data;
    expect([page1.total, page1.page, page1.page_size, page1.items.length, page2.items.length]).toEqual([6, 1, 4, 4, 2]);
    expect(names(page1)).toEqual(['alice:gpt-4o', 'alice:gpt-4o', 'owner:gpt-4o', 'owner:gpt-4o-mini']);
    expect(names(page2)).toEqual(['owner:gpt-4o-mini', 'owner:gpt-4o-mini']);

    const get = async (query: string) => (await owner.call('GET', `/api/log/?page_size=100&${query}`)).json.data;
    expect((await get('type=5')).items.map((r: any) => [r.username, r.model, r.token_name])).toEqual([['owner', 'no-such-model', 'owner key']]);
    expect(names(await get('type=2&username=alice'))).toEqual(['alice:gpt-4o', 'alice:gpt-4o']);
    expect((await get('username=nobody')).total).toBe(0);
    expect((await get('type=2&token_name=owner%20key')).total).toBe(3);
    expect((await get('token_name=owner%20key')).total).toBe(5); // 3 calls, the failed one, and its creation
    expect((await get('token_name=nothing')).total).toBe(0);
    expect((await get('model=gpt-4o')).total).toBe(3);
    expect(names(await get(`channel=${channels.mini}`))).toEqual(['owner:gpt-4o-mini', 'owner:gpt-4o-mini', 'owner:gpt-4o-mini']);
    expect((await get(`channel=${channels.big}&username=owner`)).total).toBe(1);
    expect((await get('type=2&group=default')).total).toBe(6);
    expect((await get('group=vip')).total).toBe(0);
    const one = all.items.find((r: any) => r.type === 2 && r.username === 'alice');
    const byRequest = await get(`request_id=${one.request_id}`);
    expect(byRequest.items.map((r: any) => r.id)).toEqual([one.id]);

    // time range: seconds, both ends inclusive
    const second = Math.floor(one.created_at / 1000);
    expect((await get(`start_timestamp=${second}&end_timestamp=${second}`)).items.map((r: any) => r.id)).toContain(one.id);
    expect((await get(`start_timestamp=${second + 1}&type=2`)).items.every((r: any) => r.created_at >= (second + 1) * 1000)).toBe(true);
    expect((await get(`start_timestamp=${second + 3600}`)).total).toBe(0);
    expect((await get(`end_timestamp=${second - 3600}`)).total).toBe(0);
    expect((await get('start_timestamp=0')).total).toBe(all.total);
    expect((await owner.call('GET', `/api/log/?start_timestamp=${second}&end_timestamp=${second - 1}`)).status).toBe(400);
    expect((await owner.call('GET', '/api/log/?type=abc')).status).toBe(400);
  });

  it("users see only their own records, without channel details; the admin list is refused to them", async () => {
    const { alice, owner } = await withTraffic();
    const own = (await alice.call('GET', '/api/log/self?page_size=100')).json.data;
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((r: any) => r.username === 'alice')).toBe(true);
    expect(own.items.filter((r: any) => r.type === 2)).toHaveLength(2);
    expect(own.items.every((r: any) => r.channel_id === 0 && r.channel_name === '' && r.retry_chain.length === 0)).toBe(true);
    // admin-only filters are ignored, other filters apply within the own records
    expect((await alice.call('GET', '/api/log/self?username=owner&type=2')).json.data.total).toBe(2);
    expect((await alice.call('GET', '/api/log/self?token_name=owner%20key')).json.data.total).toBe(0);
    expect((await alice.call('GET', '/api/log/self?model=gpt-4o-mini')).json.data.total).toBe(0);
    expect((await alice.call('GET', '/api/log/')).status).toBe(403);
    expect((await alice.call('GET', '/api/log/stat')).status).toBe(403);
    expect((await alice.call('GET', '/api/log/export')).status).toBe(403);
    const ownerSelf = (await owner.call('GET', '/api/log/self?type=2&page_size=100')).json.data;
    expect(ownerSelf.items.map((r: any) => r.username)).toEqual(['owner', 'owner', 'owner', 'owner']);
  });
});

describe('the family of each call', () => {
  it("logs each call's family and units, and lists, sums and exports by family", async () => {
    const { relay, owner } = await relayWithAlice();
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    await addChannel(owner, { type: 1, upstream, models: ['text-embedding-3-small'], name: 'embedder' });
    const key = await createKey(owner, 'owner key');
    expect(await callWith(relay, key, 'gpt-4o-mini')).toBe(200);
    const embedded = await fetch(`${relay.relayBaseUrl}/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'text-embedding-3-small', input: 'hello', encoding_format: 'float' }),
    });
    expect(embedded.status).toBe(200);
    await embedded.arrayBuffer();
    await waitForRecords(owner, '/api/log/?type=2', 2);

    const get = async (query: string) => (await owner.call('GET', `/api/log/?page_size=100&${query}`)).json.data;
    const embeddings = await get('family=embeddings');
    expect(embeddings.items).toHaveLength(1);
    expect(embeddings.items[0]).toMatchObject({ type: 2, family: 'embeddings', model: 'text-embedding-3-small', units: { requests: 1 } });
    expect((await get('family=chat')).items.map((r: any) => [r.family, r.model])).toEqual([['chat', 'gpt-4o-mini']]);
    expect((await get('family=rerank')).total).toBe(0);
    expect((await get('type=3')).items.every((r: any) => r.family === '')).toBe(true); // audit records are not calls
    expect((await owner.call('GET', '/api/log/?family=telepathy')).status).toBe(400);
    expect((await owner.call('GET', '/api/log/stat?family=embeddings')).json.data).toMatchObject({ requests: 1, quota: embeddings.items[0].quota });
    expect((await owner.call('GET', '/api/log/self?family=embeddings')).json.data.total).toBe(1);
    const csv = (await owner.call('GET', '/api/log/export?family=embeddings')).text.trim().split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]!.split(',')[6]).toBe('embeddings');
  });
});

describe('GET /api/log/stat and /api/log/self/stat', () => {
  it('sums quota and counts requests of the filter; RPM and TPM count the last minute', async () => {
    const { owner, alice } = await withTraffic();
    const consume = (await owner.call('GET', '/api/log/?type=2&page_size=100')).json.data.items;
    const sum = (records: any[], pick: (r: any) => number) => records.reduce((total, r) => total + pick(r), 0);
    const stat = (await owner.call('GET', '/api/log/stat')).json.data;
    expect(stat).toEqual({
      quota: sum(consume, (r) => r.quota),
      requests: 6,
      rpm: 6,
      tpm: sum(consume, (r) => r.prompt_tokens + r.completion_tokens),
    });
    expect(stat.quota).toBeGreaterThan(0);
    const aliceRecords = consume.filter((r: any) => r.username === 'alice');
    const aliceStat = { quota: sum(aliceRecords, (r) => r.quota), requests: 2, rpm: 2, tpm: sum(aliceRecords, (r) => r.prompt_tokens + r.completion_tokens) };
    expect((await owner.call('GET', '/api/log/stat?username=alice')).json.data).toEqual(aliceStat);
    expect((await alice.call('GET', '/api/log/self/stat')).json.data).toEqual(aliceStat);
    const mini = (await owner.call('GET', '/api/log/stat?model=gpt-4o-mini')).json.data;
    expect(mini.requests).toBe(3);
    expect((await owner.call('GET', '/api/log/stat?type=5')).json.data).toMatchObject({ quota: 0, requests: 1, rpm: 1 });
    // a range in the past: no requests in it, the current rate still shows
    expect((await owner.call('GET', '/api/log/stat?end_timestamp=1000')).json.data).toMatchObject({ quota: 0, requests: 0, rpm: 6 });
  });
});

describe('GET /api/log/export and /api/log/self/export', () => {
  it('answers text/csv with a header row and one row per filtered record, newest first', async () => {
    const { owner, alice } = await withTraffic();
    const response = await owner.call('GET', '/api/log/export?type=2');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="relaydesk-logs-.*\.csv"$/);
    const lines = response.text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(
      'id,time,type,username,token_name,group,family,model,upstream_model,channel_id,channel_name,is_stream,prompt_tokens,completion_tokens,cached_tokens,reasoning_tokens,requests,search_units,images,seconds,characters,quota,first_byte_ms,total_ms,ip,request_id,error,content',
    );
    const listed = (await owner.call('GET', '/api/log/?type=2&page_size=100')).json.data.items;
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(listed.map((r: any) => r.id));
    const first = lines[1]!.split(',');
    expect(first.slice(1, 12)).toEqual([
      new Date(listed[0].created_at).toISOString(),
      'consume',
      'alice',
      'alice key',
      'default',
      'chat',
      'gpt-4o',
      'gpt-4o',
      String(listed[0].channel_id),
      'big channel',
      'false',
    ]);
    expect(first.slice(16, 22)).toEqual(['1', '0', '0', '0', '0', String(listed[0].quota)]); // one request, no other units, then the quota

    const filtered = (await owner.call('GET', '/api/log/export?model=gpt-4o-mini')).text.trim().split('\r\n');
    expect(filtered).toHaveLength(4);
    const empty = await owner.call('GET', '/api/log/export?start_timestamp=4000000000');
    expect(empty.text.trim().split('\r\n')).toHaveLength(1);

    const own = await alice.call('GET', '/api/log/self/export?type=2');
    const ownLines = own.text.trim().split('\r\n');
    expect(ownLines[0]).not.toContain('channel');
    expect(ownLines).toHaveLength(3);
    expect(ownLines.slice(1).every((line) => line.split(',')[3] === 'alice')).toBe(true);
    expect((await alice.call('GET', '/api/log/self/export?start_timestamp=10&end_timestamp=5')).status).toBe(400);
  });

  it('quotes commas, quotes and newlines, and defuses spreadsheet formulas', async () => {
    const { owner } = await relayWithAlice();
    await createKey(owner, '=HYPERLINK("x"), and\nmore');
    const lines = (await owner.call('GET', '/api/log/export?type=3')).text;
    expect(lines).toContain(',"created key ""=HYPERLINK(\\""x\\""), and\\nmore"""'); // the content cell: text first, so no formula
    expect(lines).toContain(`"'=HYPERLINK(""x""), and\nmore"`); // the token_name cell
  });
});

describe('log store: the filters the management API adds', () => {
  it('filters by any of several keys, by group, username and key name, and scans every match newest first', async () => {
    const store = await openLogStore({ dir: await tempDir() });
    const all: LogRecord[] = [];
    for (let i = 0; i < 300; i++) {
      all.push(
        store.append({
          type: i % 4 === 0 ? 5 : 2,
          created_at: 1_700_000_000_000 + (i % 7 === 0 ? -i : i) * 1000, // some out of order
          user_id: 1 + (i % 3),
          username: `user${1 + (i % 3)}`,
          token_id: 10 + (i % 5),
          token_name: `key ${i % 5}`,
          group: i % 2 ? 'default' : 'vip',
          model: i % 2 ? 'a' : 'b',
          quota: i,
          content: i === 5 ? '"group":"vip" appears in the text' : '',
          other: i === 7 ? { group: 'vip' } : {},
        }),
      );
    }
    const expected = (q: LogQuery) =>
      all
        .filter(
          (r) =>
            (q.token_ids === undefined || q.token_ids.includes(r.token_id)) &&
            (!q.group || r.group === q.group) &&
            (!q.username || r.username === q.username) &&
            (!q.token_name || r.token_name === q.token_name) &&
            (q.type === undefined || r.type === q.type),
        )
        .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
        .map((r) => r.id);
    const queries: LogQuery[] = [
      { token_ids: [10, 12] },
      { token_ids: [] },
      { token_ids: [11], type: 2 },
      { group: 'vip' },
      { group: 'default', token_ids: [13] },
      { username: 'user2' },
      { token_name: 'key 4', group: 'vip' },
      { username: 'nobody' },
    ];
    for (const q of queries) {
      const want = expected(q);
      const page = await store.query({ ...q, page_size: 100 });
      expect({ q, total: page.total, ids: page.items.map((r) => r.id) }).toEqual({ q, total: want.length, ids: want.slice(0, 100) });
      const scanned: number[] = [];
      await store.scan({ ...q, page: 3, page_size: 1 }, (records) => void scanned.push(...records.map((r) => r.id)));
      expect({ q, scanned }).toEqual({ q, scanned: want });
    }
    // a visitor answering false stops the scan
    let batches = 0;
    await store.scan({}, () => {
      batches++;
      return false;
    });
    expect(batches).toBe(1);
    await store.close();
  });
});
