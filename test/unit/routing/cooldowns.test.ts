// The cooldown of channels and keys that failed retryably: its schedule, Retry-After, and
// how routing skips what is cooling.
import { describe, expect, it } from 'vitest';
import { channelCooldown, cooldownDelay, createMemoryCooldowns, parseRetryAfter, recordAttempt } from '../../../relay/routing/cooldowns.js';
import { routeModel } from '../../../relay/routing/select-channel.js';
import { freshKeyState } from '../../../relay/store/channels.js';
import { channel } from '../../helpers/channel-record.js';

const T0 = Date.UTC(2026, 0, 1);
const BASE = 5_000;
const failed = (status: number, retryAfterMs?: number, sentAt?: number) => ({ ok: false as const, retryable: true, status, retryAfterMs, sentAt });

const need = (group: string, model: string) => ({ group, model, family: 'chat' as const, familiesOf: () => ['chat' as const] });


describe('the cooldown schedule', () => {
  it('starts at the base wait and doubles with each failure in a row, up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => cooldownDelay(n, { baseMs: BASE }) / 1000)).toEqual([5, 10, 20, 40, 80, 160, 300, 300, 300]);
  });

  it('grows over failures that follow an expired cooldown, and a success starts it afresh', () => {
    const cooldowns = createMemoryCooldowns();
    let now = T0;
    const fail = () => recordAttempt(cooldowns, 1, 0, failed(500), BASE, now);
    fail();
    expect(cooldowns.get({ channelId: 1 })).toEqual({ until: now + 5_000, failures: 1 });
    now += 5_000;
    fail();
    expect(cooldowns.get({ channelId: 1 })).toEqual({ until: now + 10_000, failures: 2 });
    now += 10_000;
    fail();
    expect(cooldowns.get({ channelId: 1 }).until - now).toBe(20_000);

    recordAttempt(cooldowns, 1, 0, { ok: true }, BASE, now);
    expect(cooldowns.get({ channelId: 1 })).toEqual({ until: 0, failures: 0 });
    fail();
    expect(cooldowns.get({ channelId: 1 }).until - now).toBe(5_000);
  });

  it('does not count again the calls that were already under way when the cooldown began', () => {
    const cooldowns = createMemoryCooldowns();
    for (let i = 0; i < 10; i++) recordAttempt(cooldowns, 1, 0, failed(502), BASE, T0 + i);
    expect(cooldowns.get({ channelId: 1 })).toEqual({ until: T0 + 5_000, failures: 1 });
  });

  it('does not count again calls sent before a counted failure that fail after its cooldown (a hung upstream timing out call by call)', () => {
    const cooldowns = createMemoryCooldowns();
    // Calls sent one a second for a minute all time out, a minute after each was sent.
    for (let i = 0; i < 60; i++) recordAttempt(cooldowns, 1, 0, failed(504, undefined, T0 - 60_000 + i * 1_000), BASE, T0 + i * 1_000);
    expect(cooldowns.get({ channelId: 1 })).toEqual({ until: T0 + 5_000, failures: 1 });
    // A call sent after that failure was counted, failing too, is a further failure: the wait doubles.
    recordAttempt(cooldowns, 1, 0, failed(504, undefined, T0 + 61_000), BASE, T0 + 62_000);
    expect(cooldowns.get({ channelId: 1 })).toEqual({ until: T0 + 72_000, failures: 2 });
  });

  it('leaves alone failures that are not retryable, and everything when turned off (0)', () => {
    const cooldowns = createMemoryCooldowns();
    recordAttempt(cooldowns, 1, 0, { ok: false, retryable: false, status: 400 }, BASE, T0);
    recordAttempt(cooldowns, 2, 0, failed(500), 0, T0);
    expect(cooldowns.get({ channelId: 1 }).failures + cooldowns.get({ channelId: 2 }).failures).toBe(0);
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates; ignores what it cannot read', () => {
    expect(parseRetryAfter('30', T0)).toBe(30_000);
    expect(parseRetryAfter(['2'], T0)).toBe(2_000);
    expect(parseRetryAfter(new Date(T0 + 90_000).toUTCString(), T0)).toBe(90_000);
    expect(parseRetryAfter(new Date(T0 - 90_000).toUTCString(), T0)).toBe(0);
    expect(parseRetryAfter('soon', T0)).toBeUndefined();
    expect(parseRetryAfter(undefined, T0)).toBeUndefined();
  });

  it('replaces the schedule for that failure (capped at an hour), and a 429 cools only its key', () => {
    const cooldowns = createMemoryCooldowns();
    recordAttempt(cooldowns, 1, 1, failed(429, 42_000), BASE, T0);
    expect(cooldowns.get({ channelId: 1, keyIndex: 1 })).toEqual({ until: T0 + 42_000, failures: 1 });
    expect(cooldowns.get({ channelId: 1 }).until).toBe(0);
    recordAttempt(cooldowns, 2, 0, failed(429, 86_400_000), BASE, T0);
    expect(cooldowns.get({ channelId: 2, keyIndex: 0 }).until).toBe(T0 + 3_600_000);
  });

  it('extends a cooldown already running when the upstream asks for longer', () => {
    const cooldowns = createMemoryCooldowns();
    recordAttempt(cooldowns, 1, 0, failed(429), BASE, T0);
    recordAttempt(cooldowns, 1, 0, failed(429, 60_000), BASE, T0 + 1_000);
    expect(cooldowns.get({ channelId: 1, keyIndex: 0 })).toEqual({ until: T0 + 61_000, failures: 1 });
  });
});

describe('routing around cooling channels', () => {
  it('skips a cooling channel while another serves the model', () => {
    const cooldowns = createMemoryCooldowns();
    recordAttempt(cooldowns, 1, 0, failed(500), BASE, T0);
    const route = routeModel([channel(1, { priority: 10 }), channel(2)], need('default', 'm'), cooldowns, T0 + 1_000);
    expect(route).toEqual({ kind: 'channels', channels: [expect.objectContaining({ id: 2 })] });
    expect(routeModel([channel(1, { priority: 10 }), channel(2)], need('default', 'm'), cooldowns, T0 + 5_000)).toMatchObject({ kind: 'channels', channels: [{ id: 1 }, { id: 2 }] });
  });

  it('says when the first channel is free again when every one is cooling; 0 when all are disabled', () => {
    const cooldowns = createMemoryCooldowns();
    recordAttempt(cooldowns, 1, 0, failed(500), BASE, T0);
    recordAttempt(cooldowns, 2, 0, failed(503, 2_000), BASE, T0);
    expect(routeModel([channel(1), channel(2), channel(3, { status: 2 })], need('default', 'm'), cooldowns, T0)).toEqual({ kind: 'unavailable', until: T0 + 2_000 });
    expect(routeModel([channel(3, { status: 2 }), channel(4, { status: 3 })], need('default', 'm'), cooldowns, T0)).toEqual({ kind: 'unavailable', until: 0 });
  });

  it('tells a model no channel serves (for the group) from one whose channels are unavailable', () => {
    const cooldowns = createMemoryCooldowns();
    expect(routeModel([channel(1)], need('default', 'other-model'), cooldowns, T0)).toEqual({ kind: 'unknown-model' });
    expect(routeModel([channel(1, { groups: ['vip'] })], need('default', 'm'), cooldowns, T0)).toEqual({ kind: 'unknown-model' });
  });

  it('keeps a multi-key channel usable while one of its enabled keys is not cooling', () => {
    const cooldowns = createMemoryCooldowns();
    const keys3 = channel(1, { key_count: 3, key_states: [freshKeyState(), freshKeyState(), { ...freshKeyState(), status: 2 }] });
    recordAttempt(cooldowns, 1, 0, failed(429, 10_000), BASE, T0);
    expect(channelCooldown(cooldowns, keys3, T0).until).toBe(0);
    recordAttempt(cooldowns, 1, 1, failed(429, 20_000), BASE, T0);
    // Key 2 is disabled by hand: it does not count as free.
    expect(channelCooldown(cooldowns, keys3, T0)).toEqual({ until: T0 + 10_000, failures: 1 });
  });
});
