import { describe, expect, it } from 'vitest';
import { quietRepeats } from '../../relay/quiet-repeats.js';

describe('quietRepeats', () => {
  it('says a repeated message once per window, then with how often it came meanwhile; other messages at once', () => {
    const said: string[] = [];
    let clock = Date.UTC(2026, 0, 1);
    const say = quietRepeats((message) => said.push(message), 60_000, () => clock);
    const down = 'store: Redis at 10.0.0.5:6379 is unavailable: connect ECONNREFUSED';
    for (let i = 0; i < 20; i++, clock += 1_500) say(down);
    say('store: PostgreSQL at db:5432/relay is unavailable: Connection terminated unexpectedly');
    expect(said).toEqual([down, 'store: PostgreSQL at db:5432/relay is unavailable: Connection terminated unexpectedly']);
    clock = Date.UTC(2026, 0, 1, 0, 1);
    say(down);
    expect(said[2]).toBe(`${down} (and 19 times more since 2026-01-01T00:00:00.000Z)`);
    clock += 61_000;
    say(down);
    expect(said[3]).toBe(down);
  });
});
