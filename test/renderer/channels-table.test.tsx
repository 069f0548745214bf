// The Channels page's table: priority and weight edited in place, the type badge, and bulk
// enable/disable/delete of selected rows, against a fake management API.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ChannelsPage from '../../renderer/pages/ChannelsPage.js';
import { channel, channelRelay as relay } from './helpers/channels.js';
import { Failure, type FakeApi } from './helpers/fake-api.js';

const writes = (api: FakeApi) => api.calls.filter((c) => c.method !== 'GET');

async function showPage() {
  render(<ChannelsPage />);
  await screen.findByText('Alpha');
}

describe('Channels table: priority and weight edited in place', () => {
  it('saves only the changed field on Enter and shows the new value', async () => {
    const api = relay([channel(1, 'Alpha'), channel(2, 'Beta')]);
    await showPage();
    await userEvent.click(screen.getByRole('button', { name: 'Priority of Alpha: 5' }));
    const input = screen.getByRole('textbox', { name: 'Priority of Alpha' });
    expect(document.activeElement).toBe(input);
    await userEvent.clear(input);
    await userEvent.type(input, '12{Enter}');
    await screen.findByRole('button', { name: 'Priority of Alpha: 12' });
    expect(writes(api)).toEqual([expect.objectContaining({ method: 'PUT', path: '/api/channel', body: { id: 1, priority: 12 } })]);
    expect(screen.queryByRole('textbox', { name: 'Priority of Alpha' })).toBeNull();
  });

  it('saves when the field is left (blur)', async () => {
    const api = relay([channel(1, 'Alpha')]);
    await showPage();
    await userEvent.click(screen.getByRole('button', { name: 'Weight of Alpha: 1' }));
    const input = screen.getByRole('textbox', { name: 'Weight of Alpha' });
    await userEvent.clear(input);
    await userEvent.type(input, '3');
    await userEvent.tab();
    await screen.findByRole('button', { name: 'Weight of Alpha: 3' });
    expect(writes(api).map((c) => c.body)).toEqual([{ id: 1, weight: 3 }]);
  });

  it('cancels with Escape: the old value stays and nothing is sent', async () => {
    const api = relay([channel(1, 'Alpha')]);
    await showPage();
    await userEvent.click(screen.getByRole('button', { name: 'Priority of Alpha: 5' }));
    const input = screen.getByRole('textbox', { name: 'Priority of Alpha' });
    await userEvent.clear(input);
    await userEvent.type(input, '99{Escape}');
    expect(screen.getByRole('button', { name: 'Priority of Alpha: 5' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Priority of Alpha: 5' }));
    expect(writes(api)).toHaveLength(0);
  });

  it('refuses a number that is not whole, or a negative weight, with an inline error', async () => {
    const api = relay([channel(1, 'Alpha')]);
    await showPage();
    await userEvent.click(screen.getByRole('button', { name: 'Priority of Alpha: 5' }));
    const priority = screen.getByRole('textbox', { name: 'Priority of Alpha' });
    await userEvent.clear(priority);
    await userEvent.type(priority, '2.5{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number.');
    expect(priority.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(priority, '{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Weight of Alpha: 1' }));
    const weight = screen.getByRole('textbox', { name: 'Weight of Alpha' });
    await userEvent.clear(weight);
    await userEvent.type(weight, '-1{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Enter 0 or more.');
    expect(writes(api)).toHaveLength(0);
  });

  it('puts the old value back with the error when the relay refuses, and is disabled while saving', async () => {
    const api = relay([channel(1, 'Alpha')]);
    let release: () => void = () => {};
    api.on('PUT /api/channel', () => new Promise((resolve) => (release = () => resolve(new Failure(500, 'The store is read-only.')))));
    await showPage();
    await userEvent.click(screen.getByRole('button', { name: 'Priority of Alpha: 5' }));
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Priority of Alpha' });
    await userEvent.clear(input);
    await userEvent.type(input, '7{Enter}');
    await waitFor(() => expect(input.disabled).toBe(true));
    release();
    await screen.findByRole('button', { name: 'Priority of Alpha: 5' });
    expect(screen.getByRole('alert').textContent).toBe('Not saved: The store is read-only.');
  });
});

describe('Channels table: type badge', () => {
  it('shows a decorative badge per type beside the type name', async () => {
    relay([channel(1, 'Alpha'), channel(2, 'Beta', { type: 14 })]);
    await showPage();
    const beta = screen.getByRole('row', { name: /Beta/ });
    const badge = beta.querySelector('.type-badge');
    expect(badge?.textContent).toBe('An');
    expect(badge?.getAttribute('aria-hidden')).toBe('true');
    expect(within(beta).getByText('Anthropic')).toBeTruthy();
  });
});

describe('Channels table: bulk actions', () => {
  it('selects every row of the page, disables them in one call, then clears the selection', async () => {
    const api = relay([channel(1, 'Alpha'), channel(2, 'Beta')]);
    await showPage();
    expect(screen.queryByRole('region', { name: 'Selected channels' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every channel on this page' }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select channel Alpha' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select channel Beta' }).checked).toBe(true);
    const bar = screen.getByRole('region', { name: 'Selected channels' });
    expect(bar.textContent).toContain('2 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Disable' }));
    await screen.findByText('Disabled 2 channels.');
    expect(writes(api).map((c) => [c.path, c.body])).toEqual([['/api/channel/batch', { ids: [1, 2], action: 'disable' }]]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enable channel Alpha' }).getAttribute('aria-checked')).toBe('false'));
    expect(screen.queryByRole('region', { name: 'Selected channels' })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select every channel on this page' }).checked).toBe(false);
  });

  it('unselects all, and marks the select-all box mixed when some rows are chosen', async () => {
    relay([channel(1, 'Alpha'), channel(2, 'Beta')]);
    await showPage();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select channel Beta' }));
    const all = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select every channel on this page' });
    expect(all.indeterminate).toBe(true);
    await userEvent.click(all);
    expect(all.checked).toBe(true);
    await userEvent.click(all);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select channel Beta' }).checked).toBe(false);
    expect(screen.queryByRole('region', { name: 'Selected channels' })).toBeNull();
  });

  it('deletes the selected channels only after confirmation', async () => {
    const api = relay([channel(1, 'Alpha'), channel(2, 'Beta'), channel(3, 'Gamma')]);
    await showPage();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select channel Alpha' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select channel Gamma' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Selected channels' })).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 channels?' });
    expect(dialog.textContent).toContain('Alpha, Gamma');
    expect(writes(api)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(api)).toHaveLength(0);

    await userEvent.click(within(screen.getByRole('region', { name: 'Selected channels' })).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete 2 channels?' })).getByRole('button', { name: 'Delete 2 channels' }));
    await screen.findByText('Deleted 2 channels.');
    expect(writes(api).map((c) => c.body)).toEqual([{ ids: [1, 3], action: 'delete' }]);
    await waitFor(() => expect(screen.queryByText('Alpha')).toBeNull());
    expect(screen.getByText('Beta')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Selected channels' })).toBeNull();
  });

  it('shows the error and keeps the selection when the bulk call fails', async () => {
    const api = relay([channel(1, 'Alpha'), channel(2, 'Beta')]);
    api.on('POST /api/channel/batch', new Failure(403, 'Only the owner may do that.'));
    await showPage();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select channel Alpha' }));
    const bar = screen.getByRole('region', { name: 'Selected channels' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Enable' }));
    expect((await within(bar).findByRole('alert')).textContent).toBe('Only the owner may do that.');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select channel Alpha' }).checked).toBe(true);
  });
});

describe('Channels table: a result arriving after a change made meanwhile', () => {
  /** A relay answer held until the test releases it. */
  function held<T>() {
    let release: (value: T) => void = () => {};
    const answer = new Promise<T>((resolve) => (release = resolve));
    return { answer, release };
  }
  const switchOf = (name: string) => screen.getByRole('switch', { name: `Enable channel ${name}` });

  /** Shows Alpha, whose answer on `route` is held; presses `button`, then switches Alpha off meanwhile. */
  async function switchOffDuring(route: string, button: string) {
    const api = relay([channel(1, 'Alpha', { balance: 3 })]);
    const answer = held<unknown>();
    api.on(route, () => answer.answer);
    await showPage();
    await userEvent.click(screen.getByRole('button', { name: button }));
    await userEvent.click(switchOf('Alpha'));
    await waitFor(() => expect(switchOf('Alpha').getAttribute('aria-checked')).toBe('false'));
    return answer.release;
  }

  it('keeps a channel switched off while its test ran, and shows the test’s response time', async () => {
    const release = await switchOffDuring('GET /api/channel/test/1', 'Test channel Alpha');
    release({ ok: true, status_code: 200, response_time: 321, model: 'gpt-4o-mini', key_index: 0, error: '', channel_status: 1 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Test channel Alpha' }).hasAttribute('disabled')).toBe(false));
    expect(within(screen.getByRole('row', { name: /Alpha/ })).getByText('321 ms')).toBeTruthy();
    expect(switchOf('Alpha').getAttribute('aria-checked')).toBe('false');
  });

  it('keeps a channel switched off while its balance was read, and shows the new balance', async () => {
    const release = await switchOffDuring('GET /api/channel/update_balance/1', 'Refresh balance of Alpha');
    release({ balance: 12.5, source: 'openai', currencies: [] });
    await waitFor(() => expect(screen.getByTestId('balance-1').textContent).toContain('$12.50'));
    expect(switchOf('Alpha').getAttribute('aria-checked')).toBe('false');
  });
});

describe('Channels table: balances', () => {
  const balanceOf = (id: number) => screen.getByTestId(`balance-${id}`);

  it('shows “—”, never $0.00, for a balance not read yet, one that failed, and a type without a balance query', async () => {
    const api = relay([
      channel(1, 'Alpha'),
      channel(2, 'Beta', { balance: 0, balance_updated_at: Date.UTC(2026, 0, 5) }),
      channel(3, 'Gamma', { balance: 7.5, balance_updated_at: Date.UTC(2026, 0, 5) }),
      channel(4, 'Claude', { type: 14 }),
    ]);
    api.on('GET /api/channel/update_balance/3', new Failure(502, 'The upstream refused the balance query (401): Invalid API key'));
    await showPage();
    // Never read: nothing is known, so nothing is claimed.
    expect(balanceOf(1).textContent).toBe('—Balance not read yet↻');
    // Read, and really zero.
    expect(balanceOf(2).textContent).toBe('$0.00↻');
    expect(balanceOf(4).textContent).toBe('—No balance query for Anthropic');

    expect(balanceOf(3).textContent).toBe('$7.50↻');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balance of Gamma' }));
    await waitFor(() => expect(balanceOf(3).textContent).toBe('—Balance could not be read↻'));
    expect(screen.getByText(/Could not read the balance of channel Gamma: The upstream refused/)).toBeTruthy();
  });

  it('keeps showing a balance read before the relay recorded when (no balance_updated_at)', async () => {
    relay([channel(1, 'Alpha', { balance: 12.5 })]);
    await showPage();
    expect(balanceOf(1).textContent).toBe('$12.50↻');
  });

  it('shows the balance once read', async () => {
    const api = relay([channel(1, 'Alpha')]);
    api.on('GET /api/channel/update_balance/1', { balance: 0, source: 'openai', currencies: [] });
    await showPage();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balance of Alpha' }));
    await waitFor(() => expect(balanceOf(1).textContent).toBe('$0.00↻'));
  });
});
