import { describe, expect, it } from 'vitest';
import { keepCode, MAX_CODE_ATTEMPTS, redeemCode } from '../../../relay/auth/one-time-codes.js';
import type { SecretStore } from '../../../relay/secrets/secret-store.js';
import { memoryLeases } from '../../../relay/store/embedded/shared.js';

function memoryStore() {
  const values = new Map<string, string>();
  const secrets: SecretStore = {
    backend: 'memory',
    get: async (name) => values.get(name) ?? null,
    set: async (name, value) => void values.set(name, value),
    delete: async (name) => values.delete(name),
    list: async () => [...values.keys()],
  };
  return { store: { secrets, leases: memoryLeases() }, values };
}

describe('mailed one-time codes', () => {
  it('keeps only a hash, redeems once, then knows the code no more', async () => {
    const { store, values } = memoryStore();
    await keepCode(store, 'reset:1', 'Abc123xyz0', { userId: 1 }, 60_000);
    expect([...values.values()].join()).not.toContain('Abc123xyz0');
    expect(await redeemCode(store, 'reset:1', 'Abc123xyz0')).toEqual({ data: { userId: 1 } });
    expect(await redeemCode(store, 'reset:1', 'Abc123xyz0')).toEqual({ refused: 'missing' });
    expect(values.size).toBe(0);
  });

  it('refuses an expired code and forgets it', async () => {
    const { store, values } = memoryStore();
    const now = Date.now();
    await keepCode(store, 'k', '123456', null, 15 * 60_000, now);
    expect(await redeemCode(store, 'k', '123456', now + 15 * 60_000)).toEqual({ refused: 'expired' });
    expect(values.size).toBe(0);
  });

  it(`voids a code after ${MAX_CODE_ATTEMPTS} wrong tries`, async () => {
    const { store } = memoryStore();
    await keepCode(store, 'k', '123456', null, 60_000);
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) expect(await redeemCode(store, 'k', '000000')).toEqual({ refused: 'wrong' });
    expect(await redeemCode(store, 'k', '123456')).toEqual({ data: null }); // still good after 4
    await keepCode(store, 'k', '123456', null, 60_000);
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) expect(await redeemCode(store, 'k', '000000')).toEqual({ refused: 'wrong' });
    expect(await redeemCode(store, 'k', '123456')).toEqual({ refused: 'missing' });
  });

  it('lets exactly one of several concurrent uses of the right code through', async () => {
    const { store } = memoryStore();
    await keepCode(store, 'k', '123456', 'once', 60_000);
    const results = await Promise.all(Array.from({ length: 10 }, () => redeemCode(store, 'k', '123456')));
    expect(results.filter((r) => 'data' in r)).toEqual([{ data: 'once' }]);
  });
});
