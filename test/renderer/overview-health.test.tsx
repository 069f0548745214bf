// The overview's health, once the relay has a channel and the user a key: channels up, cooling
// down and disabled (administrators), and today's calls, spend in US dollars and errors.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChannelView } from '../../renderer/api/channels.js';
import { StartOrHealth } from '../../renderer/pages/overview/StartOrHealth.js';
import { channel } from './helpers/channels.js';
import { stubApi, type Call } from './helpers/fake-api.js';
import { ROLE } from './helpers/page-props.js';

const today = { requests: 7, errors: 1, prompt_tokens: 0, completion_tokens: 0, units: {}, quota: 1_234_567 };

/** A relay with `channels` (served a page at a time, as the API does), one key, and today's totals. */
function relay(channels: ChannelView[]) {
  const usage = ({ query }: Call) => ({ start_timestamp: Number(query.get('start_timestamp')), end_timestamp: Number(query.get('end_timestamp')), totals: today, hours: [], by_model: [] });
  return stubApi()
    .on('GET /api/channel', ({ query }: Call) => {
      const size = Number(query.get('page_size'));
      const page = Number(query.get('p'));
      return { items: channels.slice((page - 1) * size, page * size), total: channels.length, page, page_size: size };
    })
    .on('GET /api/token', { items: [{ id: 1 }], total: 1, page: 1, page_size: 1 })
    .on('GET /api/data', usage)
    .on('GET /api/data/self', usage);
}

const figure = async (id: string) => (await screen.findByTestId(id)).textContent;

describe('Overview health', () => {
  it('counts channels up, cooling down and disabled, over every page of channels', async () => {
    const now = Date.now();
    const up = Array.from({ length: 100 }, (_, i) => channel(i + 1, `up ${i + 1}`));
    const channels = [
      ...up,
      channel(101, 'cooled off', { cooldown_until: now - 60_000 }), // its cooldown is over: up
      channel(102, 'cooling', { cooldown_until: now + 60_000 }),
      channel(103, 'cooling too', { cooldown_until: now + 600_000 }),
      channel(104, 'turned off', { status: 2 }),
      channel(106, 'turned off too', { status: 2 }),
      channel(105, 'auto-disabled while cooling', { status: 3, cooldown_until: now + 60_000 }), // disabled, not cooling
    ];
    const api = relay(channels);
    render(<StartOrHealth user={{ role: ROLE.admin }} />);
    expect(await figure('channels-up')).toBe('Channels up101 of 106');
    expect(await figure('channels-cooling')).toBe('Cooling down2');
    expect(await figure('channels-disabled')).toBe('Disabled3');
    expect(api.calls.filter((c) => c.path === '/api/channel').map((c) => c.query.get('p'))).toEqual(['1', '2']);
    expect(screen.getByTestId('channels-cooling').className).toContain('health__item--warn');
    expect(screen.getByTestId('channels-disabled').className).toContain('health__item--off');
  });

  it("gives today's calls, errors and spend in US dollars, from local midnight, for everyone's calls", async () => {
    const api = relay([channel(1, 'only')]);
    render(<StartOrHealth user={{ role: ROLE.admin }} />);
    expect(await figure('today-spend')).toBe('Spent today (USD)$2.47');
    expect(await figure('today-calls')).toBe('Calls today8');
    expect(await figure('today-errors')).toBe('Errors today1 (12.5%)');
    const asked = api.calls.find((c) => c.path === '/api/data')!;
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    expect(Number(asked.query.get('start_timestamp'))).toBe(midnight.getTime() / 1000);
    expect(api.calls.some((c) => c.path === '/api/data/self')).toBe(false);
  });

  it('shows a user who is no administrator their own spend today, and no channels', async () => {
    const api = relay([]);
    render(<StartOrHealth user={{ role: ROLE.user }} />);
    expect(await figure('today-spend')).toBe('Spent today (USD)$2.47');
    expect(screen.queryByTestId('channels-up')).toBeNull();
    expect(screen.queryByTestId('channels-cooling')).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/channel' || c.path === '/api/data')).toBe(false);
  });
});
