// The next channel of a call: the highest priority not yet failed for it, weighted random
// inside that priority (a weight of 0 counts as 1, so no channel starves).
import { describe, expect, it } from 'vitest';
import { pickChannel } from '../../../relay/routing/select-channel.js';
import { channel } from '../../helpers/channel-record.js';

const channels = [channel(1, { priority: 5, weight: 1 }), channel(2, { priority: 10, weight: 3 }), channel(3, { priority: 10, weight: 0 }), channel(4, { priority: 10, weight: 1 })];

describe('picking the next channel', () => {
  it('draws within the top priority by weight: 3, then 1 (weight 0), then 1', () => {
    // Weights 3 + 1 + 1 = 5: a roll below 3/5 is channel 2, below 4/5 channel 3, else 4.
    expect(pickChannel(channels, new Set(), () => 0)!.id).toBe(2);
    expect(pickChannel(channels, new Set(), () => 0.59)!.id).toBe(2);
    expect(pickChannel(channels, new Set(), () => 0.61)!.id).toBe(3);
    expect(pickChannel(channels, new Set(), () => 0.81)!.id).toBe(4);
    expect(pickChannel(channels, new Set(), () => 0.9999)!.id).toBe(4);
  });

  it('leaves out the channels already failed, going down a priority when a tier is spent', () => {
    expect(pickChannel(channels, new Set([2, 3]), () => 0.99)!.id).toBe(4);
    expect(pickChannel(channels, new Set([2, 3, 4]), () => 0.5)!.id).toBe(1);
    expect(pickChannel(channels, new Set([1, 2, 3, 4]))).toBeUndefined();
    expect(pickChannel([], new Set())).toBeUndefined();
  });
});
