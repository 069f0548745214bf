import { describe, expect, it } from 'vitest';
import { HeldReservations } from '../../../relay/store/redis/orphan-sweep.js';

describe('HeldReservations', () => {
  const tracker = () => {
    let now = 0;
    const held = new HeldReservations(1_000, () => now);
    return { held, at: (ms: number) => void (now = ms) };
  };

  it('names an unheld reservation an orphan once it has been seen unheld for the bound, never a held one', () => {
    const { held, at } = tracker();
    held.sending()(1);
    expect(held.orphans([1, 2])).toEqual([]);
    at(999);
    expect(held.orphans([1, 2])).toEqual([]);
    at(1_000);
    expect(held.orphans([1, 2])).toEqual([2]);
    held.release(1);
    expect(held.orphans([1])).toEqual([]); // seen unheld just now
    at(2_000);
    expect(held.orphans([1])).toEqual([1]);
  });

  it('waits while a reservation script sent before it was seen is unanswered (its answer may hold it)', () => {
    const { held, at } = tracker();
    const answered = held.sending();
    at(10);
    expect(held.orphans([7])).toEqual([]);
    at(5_000);
    expect(held.orphans([7])).toEqual([]);
    answered(7);
    expect(held.orphans([7])).toEqual([]);
    // A script sent after it was seen does not hold it back; one that failed releases nothing.
    held.release(7);
    at(6_000);
    expect(held.orphans([7])).toEqual([]);
    at(6_500);
    const later = held.sending();
    at(7_000);
    expect(held.orphans([7])).toEqual([7]);
    later();
  });

  it('forgets a reservation once it is gone from Redis', () => {
    const { held, at } = tracker();
    expect(held.orphans([3])).toEqual([]);
    at(500);
    expect(held.orphans([])).toEqual([]);
    at(1_200);
    expect(held.orphans([3])).toEqual([]);
  });
});
