// What every implementation of the storage ports (relay/store/ports.ts) must do, as tests a
// store runs against itself: the embedded store here, the PostgreSQL + Redis one in test/system.
import { expect, it } from 'vitest';
import type { StoragePorts } from '../../relay/store/ports.js';
import type { NewLogRecord } from '../../relay/store/logs/types.js';

/**
 * Opens a fresh, empty store; the test closes it. `settled`: waits until counters changed by
 * the quota ledger show in the records (a server store writes them back every few seconds).
 */
export type OpenPorts = () => Promise<StoragePorts & { dispose(): Promise<void>; settled?(): Promise<void> }>;

const call = (userId: number, tokenId: number): NewLogRecord => ({ type: 2, user_id: userId, token_id: tokenId, model: 'm', created_at: Date.now() }) as NewLogRecord;

async function userWithKey(ports: StoragePorts, quota: number, keyQuota: number | null) {
  const user = (await ports.users.create({ username: `u${Math.random().toString(36).slice(2, 8)}`, password_hash: 'x', role: 1 }))!;
  await ports.quota.adjustUser(user.id, quota);
  const { record, key } = await ports.tokens.create({ user_id: user.id, name: 'k' });
  await ports.quota.setKeyQuota(record.id, keyQuota);
  return { user, token: record, key };
}

export function storagePortsContract(open: OpenPorts): void {
  it('answers copies: changing what a port answered changes nothing stored; patches change the record and answer it', async () => {
    const ports = await open();
    try {
      const created = (await ports.users.create({ username: 'ada', password_hash: 'h', role: 1 }))!;
      created.display_name = 'changed by the caller';
      const read = (await ports.users.get(created.id))!;
      expect(read.display_name).toBe('ada');
      read.group = 'vip';
      expect((await ports.users.byUsername('ada'))!.group).toBe('default');
      expect(await ports.users.update(created.id, { display_name: 'Ada L.' })).toMatchObject({ id: created.id, display_name: 'Ada L.' });
      expect(await ports.users.update(created.id, (u) => ({ display_name: `${u.display_name}!` }))).toMatchObject({ display_name: 'Ada L.!' });
      expect(await ports.users.update(9_999, { display_name: 'nobody' })).toBeUndefined();
      // A taken username, or a second "first user", is refused.
      expect(await ports.users.create({ username: 'ada', password_hash: 'h', role: 1 })).toBeNull();
      expect(await ports.users.create({ username: 'root2', password_hash: 'h', role: 100 }, { onlyIfNone: true })).toBeNull();
    } finally {
      await ports.dispose();
    }
  });

  it('pages users newest first and finds them by a keyword', async () => {
    const ports = await open();
    try {
      for (const name of ['alice', 'bob', 'carol', 'alina']) await ports.users.create({ username: name, password_hash: 'h', role: 1 });
      const first = await ports.users.list({ page: 1, pageSize: 3 });
      expect(first.total).toBe(4);
      expect(first.items.map((u) => u.username)).toEqual(['alina', 'carol', 'bob']);
      expect((await ports.users.list({ page: 2, pageSize: 3 })).items.map((u) => u.username)).toEqual(['alice']);
      expect((await ports.users.list({ page: 1, pageSize: 10, keyword: 'ALI' })).items.map((u) => u.username)).toEqual(['alina', 'alice']);
    } finally {
      await ports.dispose();
    }
  });

  it('finds an API key by the key, and no longer by the old one once regenerated', async () => {
    const ports = await open();
    try {
      const { token, key } = await userWithKey(ports, 100, null);
      expect((await ports.tokens.byKey(key))?.id).toBe(token.id);
      const made = (await ports.tokens.regenerate(token.id))!;
      expect(made.key).not.toBe(key);
      expect(await ports.tokens.byKey(key)).toBeUndefined();
      expect((await ports.tokens.byKey(made.key))?.id).toBe(token.id);
      expect((await ports.tokens.list(token.user_id)).map((t) => t.id)).toEqual([token.id]);
      expect(JSON.stringify(await ports.tokens.list())).not.toContain(made.key);
    } finally {
      await ports.dispose();
    }
  });

  it('never lets concurrent reservations on a limited key add up to more than is left', async () => {
    const ports = await open();
    try {
      const { user, token } = await userWithKey(ports, 10_000, 1_000);
      const results = await Promise.all(Array.from({ length: 50 }, () => ports.quota.reserve({ userId: user.id, tokenId: token.id, amount: 30, call: call(user.id, token.id) })));
      const granted = results.flatMap((r) => ('reservation' in r ? [r.reservation] : []));
      expect(granted).toHaveLength(33);
      expect(await ports.quota.standing(user.id, token.id)).toEqual({ userLeft: 10_000 - 990, keyLeft: 10, held: 990, userHeld: 990, keyHeld: 990 });
      const refused = results.find((r) => 'refused' in r);
      expect(refused).toMatchObject({ refused: { keyLeft: 10 } });
    } finally {
      await ports.dispose();
    }
  });

  it('settles a reservation once (the rest given back) and refunds another whole; closing twice does nothing', async () => {
    const ports = await open();
    try {
      const { user, token } = await userWithKey(ports, 1_000, null);
      const ask = { userId: user.id, tokenId: token.id, amount: 300, call: call(user.id, token.id) };
      const a = await ports.quota.reserve(ask);
      const b = await ports.quota.reserve(ask);
      if (!('reservation' in a) || !('reservation' in b)) throw new Error('refused');
      expect(await ports.quota.held(a.reservation.id)).toEqual({ id: a.reservation.id, amount: 300 });
      // The user's quota binds (the key has no limit of its own): what both hold is the user's.
      expect(await ports.quota.standing(user.id, token.id)).toEqual({ userLeft: 400, keyLeft: null, held: 600, userHeld: 600, keyHeld: 600 });
      const log = ports.logs.encode({ ...call(user.id, token.id), quota: 120 } as NewLogRecord);
      await ports.quota.settle(a.reservation.id, 120, 0, log);
      await ports.quota.settle(a.reservation.id, 120, 0, log);
      await ports.quota.refund(b.reservation.id, ports.logs.encode({ ...call(user.id, token.id), type: 5, error: 'failed' } as NewLogRecord));
      await ports.quota.refund(b.reservation.id);
      expect(await ports.quota.held(a.reservation.id)).toBeUndefined();
      expect(await ports.quota.standing(user.id, token.id)).toEqual({ userLeft: 880, keyLeft: null, held: 0, userHeld: 0, keyHeld: 0 });
      await ports.settled?.();
      expect(await ports.users.get(user.id)).toMatchObject({ quota: 880, used_quota: 120, request_count: 1 });
      // Each closing appended its call's record, once.
      await ports.logs.flush();
      const logged = await ports.logs.query({ user_id: user.id });
      expect(logged.items.map((record) => [record.type, record.quota]).sort()).toEqual([
        [2, 120],
        [5, 0],
      ]);
    } finally {
      await ports.dispose();
    }
  });

  it("sets a key's own limit: what is left binds until the key is made unlimited, and is kept for when it binds again", async () => {
    const ports = await open();
    try {
      const { user, token } = await userWithKey(ports, 1_000, 50);
      const ask = { userId: user.id, tokenId: token.id, amount: 60, call: call(user.id, token.id) };
      expect(await ports.quota.reserve(ask)).toMatchObject({ refused: { keyLeft: 50 } });
      await ports.quota.setKeyQuota(token.id, 70, true);
      expect(await ports.tokens.get(token.id)).toMatchObject({ unlimited_quota: true, remain_quota: 70 });
      expect((await ports.quota.standing(user.id, token.id)).keyLeft).toBeNull();
      await ports.quota.setKeyQuota(token.id, null);
      expect(await ports.tokens.get(token.id)).toMatchObject({ unlimited_quota: true, remain_quota: 70 });
      await ports.quota.setKeyQuota(token.id, 20);
      expect(await ports.tokens.get(token.id)).toMatchObject({ unlimited_quota: false, remain_quota: 20 });
      expect(await ports.quota.reserve(ask)).toMatchObject({ refused: { keyLeft: 20 } });
    } finally {
      await ports.dispose();
    }
  });

  it("holds and charges only the user's quota for key 0 (the console's playground, no API key)", async () => {
    const ports = await open();
    try {
      const { user, token } = await userWithKey(ports, 1_000, 10);
      const ask = { userId: user.id, tokenId: 0, amount: 600, call: call(user.id, 0) };
      const answer = await ports.quota.reserve(ask);
      if (!('reservation' in answer)) throw new Error('refused');
      expect(await ports.quota.standing(user.id, 0)).toEqual({ userLeft: 400, keyLeft: null, held: 600, userHeld: 600, keyHeld: 0 });
      expect(await ports.quota.reserve(ask)).toMatchObject({ refused: { userLeft: 400, keyLeft: null } });
      await ports.quota.settle(answer.reservation.id, 100, 0, ports.logs.encode({ ...call(user.id, 0), quota: 100 } as NewLogRecord));
      expect(await ports.quota.standing(user.id, token.id)).toMatchObject({ userLeft: 900, keyLeft: 10, keyHeld: 0 });
      await ports.settled?.();
      expect(await ports.users.get(user.id)).toMatchObject({ quota: 900, used_quota: 100, request_count: 1 });
      expect(await ports.tokens.get(token.id)).toMatchObject({ remain_quota: 10, used_quota: 0, request_count: 0 });
    } finally {
      await ports.dispose();
    }
  });

  it('keeps settings, deletes one given undefined', async () => {
    const ports = await open();
    try {
      await ports.settings.set({ a: 1, b: 'two' });
      expect(await ports.settings.set({ a: undefined, c: true })).toMatchObject({ b: 'two', c: true });
      expect(await ports.settings.all()).not.toHaveProperty('a');
    } finally {
      await ports.dispose();
    }
  });

  it('counts hits in a window, and gives a lease to one holder at a time', async () => {
    const ports = await open();
    try {
      const hits = await Promise.all(Array.from({ length: 5 }, () => ports.counters.hit('login:1.2.3.4', 3, 60_000)));
      expect(hits.filter((h) => h.allowed)).toHaveLength(3);
      expect(hits.find((h) => !h.allowed)!.retryAfterMs).toBeGreaterThan(0);
      expect(await ports.leases.acquire('video:1', 'a', 10_000)).toBe(true);
      expect(await ports.leases.acquire('video:1', 'b', 10_000)).toBe(false);
      await ports.leases.release('video:1', 'b'); // not b's to release
      expect(await ports.leases.acquire('video:1', 'b', 10_000)).toBe(false);
      await ports.leases.release('video:1', 'a');
      expect(await ports.leases.acquire('video:1', 'b', 10_000)).toBe(true);
    } finally {
      await ports.dispose();
    }
  });

  it('tells subscribers what changed', async () => {
    const ports = await open();
    try {
      const seen: unknown[] = [];
      const stop = ports.changes.subscribe((topic, id) => seen.push([topic, id]));
      // A shared feed may take a moment to listen: publish until heard.
      await expect.poll(async () => (await ports.changes.publish('channels', 7), seen.length)).toBeGreaterThan(0);
      expect(seen[0]).toEqual(['channels', '7']);
      stop();
    } finally {
      await ports.dispose();
    }
  });
}
