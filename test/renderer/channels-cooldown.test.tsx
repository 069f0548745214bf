// The Channels page says which channels (and keys) routing skips for now after failed calls,
// and when they are tried again.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ChannelsPage from '../../renderer/pages/ChannelsPage.js';
import { channel, channelRelay } from './helpers/channels.js';

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('Channels: cooldown after failed calls', () => {
  it('shows a cooling channel with its failures and when it is retried, and nothing for the others', async () => {
    channelRelay([channel(1, 'Alpha', { cooldown_until: Date.now() + 40_000, cooldown_failures: 3 }), channel(2, 'Beta')]);
    render(<ChannelsPage />);
    await screen.findByText('Alpha');
    expect(within(row('Alpha')).getByTestId('cooldown-1').textContent).toMatch(/^Cooling down after 3 failures, retried in (39|40) s$/);
    expect(within(row('Beta')).queryByText(/Cooling down/)).toBeNull();
  });

  it('drops the notice once the cooldown has passed', async () => {
    channelRelay([channel(1, 'Alpha', { cooldown_until: Date.now() + 1_200, cooldown_failures: 1 })]);
    render(<ChannelsPage />);
    expect((await screen.findByTestId('cooldown-1')).textContent).toMatch(/after 1 failure, retried in [12] s/);
    await waitFor(() => expect(screen.queryByTestId('cooldown-1')).toBeNull(), { timeout: 4_000 });
  });

  it('shows a cooling key in the keys panel', async () => {
    const relay = channelRelay([channel(1, 'Alpha', { key_count: 2, enabled_key_count: 1 })]);
    const base = { reason: '', disabled_at: 0, retry_at: 0, failures: 0, cooldown_until: 0, cooldown_failures: 0 };
    relay.on('GET /api/channel/1/keys', {
      key_count: 2,
      enabled: 1,
      items: [
        { ...base, index: 0, hint: 'sk-…aaaa', status: 3, reason: '401 Incorrect API key provided', disabled_at: 1, failures: 1 },
        { ...base, index: 1, hint: 'sk-…bbbb', status: 1, cooldown_until: Date.now() + 150_000, cooldown_failures: 2 },
      ],
    });
    render(<ChannelsPage />);
    await screen.findByText('Alpha');
    await userEvent.click(within(row('Alpha')).getByRole('button', { name: '1 key off: why? (Alpha)' }));
    const panel = await screen.findByRole('dialog', { name: 'Keys of Alpha' });
    const cooling = await within(panel).findByTestId('key-row-1');
    expect(within(cooling).getByText('Cooling down after 2 failures, retried in 3 min')).toBeTruthy();
    expect(within(within(panel).getByTestId('key-row-0')).queryByText(/Cooling down/)).toBeNull();
  });

  it('drops the notice when a Test of the channel passes (the relay ended its cooldown)', async () => {
    const relay = channelRelay([channel(1, 'Alpha', { cooldown_until: Date.now() + 40_000, cooldown_failures: 3 })]);
    relay.on('GET /api/channel/test/1', { ok: true, status_code: 200, response_time: 210, model: 'gpt-4o-mini', key_index: 0, error: '', channel_status: 1, cooldown_until: 0, cooldown_failures: 0 });
    render(<ChannelsPage />);
    await screen.findByTestId('cooldown-1');
    await userEvent.click(screen.getByRole('button', { name: 'Test channel Alpha' }));
    await waitFor(() => expect(screen.queryByTestId('cooldown-1')).toBeNull());
    expect(within(row('Alpha')).getByText('210 ms')).toBeTruthy();
  });
});
