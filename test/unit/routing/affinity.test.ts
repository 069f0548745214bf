// Prompt-cache affinity's parts: the map key (per key, user, model and session), when a
// remembered target may serve, and the in-process map's sliding expiry.
import { describe, expect, it } from 'vitest';
import { affinityKey, stuckTarget } from '../../../relay/routing/affinity.js';
import { ChannelStatus } from '../../../relay/store/channels.js';
import { memoryAffinities } from '../../../relay/store/embedded/shared.js';
import { channel } from '../../helpers/channel-record.js';

describe('affinity key', () => {
  it('differs by API key, user, model and session, and is bounded', () => {
    const who = { tokenId: 1, userId: 1, model: 'm' };
    const keys = new Set([
      affinityKey(who, 's'),
      affinityKey({ ...who, tokenId: 2 }, 's'),
      affinityKey({ ...who, userId: 2 }, 's'),
      affinityKey({ ...who, model: 'n' }, 's'),
      affinityKey(who, 't'),
    ]);
    expect(keys.size).toBe(5);
    expect(affinityKey(who, 'x'.repeat(10_000))).toHaveLength(32);
  });
});

describe('stuckTarget', () => {
  const three = channel(1, { key_count: 3, key_states: [] });
  const none = () => new Set<number>();
  it('answers the remembered channel and key while they may serve', () => {
    expect(stuckTarget({ channelId: 1, keyIndex: 2 }, [channel(2), three], new Set(), none)).toEqual({ channel: three, keyIndex: 2 });
  });
  it('answers nothing when the channel is left out or gone, or the key is disabled, unusable or out of range', () => {
    expect(stuckTarget(undefined, [three], new Set(), none)).toBeUndefined();
    expect(stuckTarget({ channelId: 1, keyIndex: 0 }, [three], new Set([1]), none)).toBeUndefined();
    expect(stuckTarget({ channelId: 9, keyIndex: 0 }, [three], new Set(), none)).toBeUndefined();
    expect(stuckTarget({ channelId: 1, keyIndex: 3 }, [three], new Set(), none)).toBeUndefined();
    expect(stuckTarget({ channelId: 1, keyIndex: 1 }, [three], new Set(), () => new Set([1]))).toBeUndefined();
    const disabled = channel(1, { key_count: 3, key_states: [{ status: ChannelStatus.enabled }, { status: ChannelStatus.autoDisabled }] as never });
    expect(stuckTarget({ channelId: 1, keyIndex: 1 }, [disabled], new Set(), none)).toBeUndefined();
  });
});

describe('memoryAffinities', () => {
  it('forgets a session its time after its last use (sliding)', async () => {
    let now = 0;
    const map = memoryAffinities(() => now, 4);
    await map.remember('a', { channelId: 1, keyIndex: 0 }, 1000);
    now = 900;
    expect(await map.recall('a', 1000)).toEqual({ channelId: 1, keyIndex: 0 }); // renewed until 1900
    now = 1800;
    expect(await map.recall('a', 1000)).toEqual({ channelId: 1, keyIndex: 0 });
    now = 2801;
    expect(await map.recall('a', 1000)).toBeUndefined();
    // Remembered again (after expired entries were swept as the map grew), it sticks afresh.
    for (const s of ['b', 'c', 'd', 'e', 'a']) await map.remember(s, { channelId: 2, keyIndex: 1 }, 10);
    expect(await map.recall('a', 1000)).toEqual({ channelId: 2, keyIndex: 1 });
  });
});
