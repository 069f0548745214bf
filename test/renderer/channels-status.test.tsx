// The Channels page's health at a glance: testing every channel as a background task (its
// progress, then the refreshed table), balances that cannot or could not be read, and why the
// relay disabled a channel or some of its keys.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TaskView } from '../../renderer/api/admin.js';
import ChannelsPage from '../../renderer/pages/ChannelsPage.js';
import { channel, channelRelay } from './helpers/channels.js';
import { Failure, type Call, type FakeApi } from './helpers/fake-api.js';

function task(extra: Partial<TaskView>): TaskView {
  return {
    id: 7,
    kind: 'channel_test_all',
    status: 'running',
    progress: 0,
    done: 0,
    total: 2,
    user_id: 1,
    created_at: 1,
    started_at: 1,
    finished_at: 0,
    error: '',
    result: '',
    ...extra,
  };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

async function showPage() {
  const page = render(<ChannelsPage />);
  await screen.findByText('Alpha');
  return page;
}

describe('Channels: test all channels', () => {
  it('shows the running test’s progress, then its outcome and the refreshed table', async () => {
    const relay = channelRelay([channel(1, 'Alpha'), channel(2, 'Beta')]);
    relay.on('POST /api/channel/test_all', task({}));
    const polls = [
      task({ done: 1, progress: 50 }),
      task({ status: 'succeeded', done: 2, progress: 100, finished_at: 2, result: '1 passed, 1 failed' }),
    ];
    relay.on('GET /api/task/7', () => {
      const next = polls.shift()!;
      // The relay records what the test found while it runs.
      if (next.status === 'succeeded')
        relay.change((rows) => rows.map((c) => (c.id === 1 ? { ...c, response_time: 321 } : { ...c, status: 3, status_reason: 'test: 401 Incorrect API key' })));
      return next;
    });
    await showPage();

    await userEvent.click(screen.getByRole('button', { name: 'Test all channels' }));
    const panel = await screen.findByRole('region', { name: 'Test of every channel' });
    expect(within(panel).getByRole('status').textContent).toBe('Testing every channel… 0 of 2 channels tested.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Testing all…' }).disabled).toBe(true);
    expect(within(panel).getByRole('link', { name: 'Follow it on the Tasks page' }).getAttribute('href')).toBe('/tasks');

    await within(panel).findByText(/1 of 2 channels tested/, undefined, { timeout: 3000 });
    expect(within(panel).getByRole('progressbar', { name: 'Channels tested' }).getAttribute('value')).toBe('50');

    await within(panel).findByText('Tested 2 channels:', undefined, { timeout: 3000 });
    expect(within(panel).getByRole('status').textContent).toContain('1 passed, 1 failed');
    expect(within(panel).getByRole('link', { name: 'See it on the Tasks page' })).toBeTruthy();
    await waitFor(() => expect(within(row('Alpha')).getByText('321 ms')).toBeTruthy());
    expect(within(row('Beta')).getByText('Auto-disabled')).toBeTruthy();
    expect(within(row('Beta')).getByText('test: 401 Incorrect API key')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Test all channels' }).disabled).toBe(false);
    // Polling stopped with the task.
    const asked = relay.calls.filter((c) => c.path === '/api/task/7').length;
    expect(asked).toBe(2);

    await userEvent.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Test of every channel' })).toBeNull();
  }, 10_000);

  it('follows a test that was already running when the page opened', async () => {
    const relay = channelRelay([channel(1, 'Alpha')]);
    relay.on('GET /api/task', ({ query }: Call) => {
      expect(query.get('kind')).toBe('channel_test_all');
      return { items: [task({ id: 9, done: 3, total: 4, progress: 75 })], total: 1, page: 1, page_size: 1 };
    });
    relay.on('GET /api/task/9', task({ id: 9, done: 3, total: 4, progress: 75 }));
    await showPage();
    const panel = await screen.findByRole('region', { name: 'Test of every channel' });
    expect(within(panel).getByRole('status').textContent).toBe('Testing every channel… 3 of 4 channels tested.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Testing all…' }).disabled).toBe(true);
  });

  it('says why the test could not start', async () => {
    const relay = channelRelay([channel(1, 'Alpha')]);
    relay.on('POST /api/channel/test_all', new Failure(403, 'Only administrators may test channels.'));
    await showPage();
    await userEvent.click(screen.getByRole('button', { name: 'Test all channels' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not start the test: Only administrators may test channels.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Test all channels' }).disabled).toBe(false);
  });
});

describe('Channels: test all when its progress cannot be read', () => {
  const started = () => screen.findByRole('region', { name: 'Test of every channel' });
  const asked = (relay: FakeApi) => relay.calls.filter((c) => c.path === '/api/task/7').length;

  /** Starts test 7 on the page; the relay answers its progress checks with `progress`. */
  async function startTest(progress: unknown) {
    const relay = channelRelay([channel(1, 'Alpha')]);
    relay.on('POST /api/channel/test_all', task({}));
    relay.on('GET /api/task/7', progress);
    const page = await showPage();
    await userEvent.click(screen.getByRole('button', { name: 'Test all channels' }));
    return { relay, page, panel: await started() };
  }

  it('says the test was lost when the relay no longer knows it (restarted), and lets a new one start', async () => {
    const { relay, panel } = await startTest(new Failure(404, 'No task 7.'));

    const alert = await within(panel).findByRole('alert', undefined, { timeout: 3000 });
    expect(alert.textContent).toMatch(/^Lost track of the test of every channel: the relay no longer knows it, most likely because the relay restarted/);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Test all channels' }).disabled).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(asked(relay)).toBe(1);

    relay.on('POST /api/channel/test_all', task({ id: 8, status: 'succeeded', done: 1, total: 1, progress: 100, result: '1 passed, 0 failed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Test all channels' }));
    const again = await started();
    expect((await within(again).findByRole('status')).textContent).toContain('Tested 1 channel: 1 passed, 0 failed. The response times');
    await userEvent.click(within(again).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Test of every channel' })).toBeNull();
  }, 10_000);

  it('keeps checking after a failed check, saying so, and shows the outcome once the relay answers', async () => {
    const answers: unknown[] = [new Failure(503, 'The relay is busy.'), task({ status: 'succeeded', done: 2, progress: 100, result: '2 passed, 0 failed' })];
    const { relay, panel } = await startTest(() => answers.shift());

    await within(panel).findByText(/Could not check its progress: The relay is busy\. Trying again…/, undefined, { timeout: 3000 });
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Testing all…' }).disabled).toBe(true);

    await within(panel).findByText('Tested 2 channels:', undefined, { timeout: 4000 });
    expect(within(panel).queryByText(/Could not check its progress/)).toBeNull();
    expect(asked(relay)).toBe(2);
  }, 10_000);

  it('gives up after several failed checks in a row, waiting longer each time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { relay, panel } = await startTest(new Failure(0, 'The relay could not be reached.'));

      // Checks after 1 s, then 2, 4 and 8 s more.
      for (const [wait, count] of [[1000, 1], [2000, 2], [4000, 3]] as const) {
        await act(() => vi.advanceTimersByTimeAsync(wait));
        await waitFor(() => expect(asked(relay)).toBe(count));
        expect(within(panel).queryByRole('alert')).toBeNull();
      }
      await act(() => vi.advanceTimersByTimeAsync(7000));
      expect(asked(relay)).toBe(3);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      const alert = await within(panel).findByRole('alert');
      expect(alert.textContent).toBe('Lost track of the test of every channel: The relay could not be reached. The Tasks page shows how it went; you can also start a new test.');
      expect(within(panel).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Test all channels' }).disabled).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(asked(relay)).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reloads nothing when the test ends after the page was left', async () => {
    let answer: (value: TaskView) => void = () => {};
    const { relay, page } = await startTest(() => new Promise<TaskView>((resolve) => (answer = resolve)));
    await waitFor(() => expect(asked(relay)).toBe(1), { timeout: 3000 });
    const before = relay.calls.length;
    page.unmount();
    answer(task({ status: 'succeeded', done: 2, progress: 100 }));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(relay.calls.slice(before)).toEqual([]);
  }, 10_000);
});

describe('Channels: balance', () => {
  it('shows “—” with the reason for types without a balance query, and no refresh button', async () => {
    channelRelay([channel(1, 'Alpha'), channel(2, 'Claude', { type: 14, balance: 0 })]);
    await showPage();
    const claude = within(row('Claude'));
    expect(claude.getByTestId('balance-2').textContent).toBe('—No balance query for Anthropic');
    expect(claude.queryByRole('button', { name: /Refresh balance/ })).toBeNull();
    expect(screen.getByText(/Balance “—”: Anthropic has no balance query/)).toBeTruthy();
    expect(within(row('Alpha')).getByRole('button', { name: 'Refresh balance of Alpha' })).toBeTruthy();
  });

  it('shows a failed refresh in the row and says what to do, until a refresh works', async () => {
    const relay = channelRelay([channel(1, 'Alpha', { balance: 3, balance_updated_at: Date.now() - 60_000 })]);
    relay.on('GET /api/channel/update_balance/1', new Failure(502, 'The upstream refused the subscription query (401): invalid key.'));
    await showPage();
    expect(screen.getByTestId('balance-1').textContent).toContain('$3.00');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balance of Alpha' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      "Could not read the balance of channel Alpha: The upstream refused the subscription query (401): invalid key. Check its key and base URL (Edit) and refresh again, or read the balance on the provider's site.",
    );
    // The failed reading is not shown as a balance: "—", with why for screen readers.
    expect(screen.getByTestId('balance-1').textContent).not.toContain('$');
    expect(within(screen.getByTestId('balance-1')).getByText('Balance could not be read')).toBeTruthy();

    relay.on('GET /api/channel/update_balance/1', { balance: 12.5, source: 'openai', currencies: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balance of Alpha' }));
    await waitFor(() => expect(screen.getByTestId('balance-1').textContent).toContain('$12.50'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Channels: why a channel or key is off', () => {
  it('shows the reason and time the relay disabled a channel, beside its switch', async () => {
    const at = new Date(2025, 2, 5, 14, 2).getTime();
    channelRelay([channel(1, 'Alpha'), channel(2, 'Beta', { status: 3, status_reason: 'every key is disabled; last: 401 Incorrect API key', status_changed_at: at })]);
    await showPage();
    const beta = within(row('Beta'));
    expect(beta.getByRole('switch', { name: 'Enable channel Beta' }).getAttribute('aria-checked')).toBe('false');
    expect(beta.getByText('Auto-disabled')).toBeTruthy();
    const reason = beta.getByTestId('status-reason-2');
    expect(reason.textContent).toContain('every key is disabled; last: 401 Incorrect API key');
    expect(reason.textContent).toContain(new Date(at).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }));
    // An enabled channel has no reason to show.
    expect(within(row('Alpha')).queryByTestId('status-reason-1')).toBeNull();
  });

  it('shows the reason at once when a single test disables the channel', async () => {
    const relay = channelRelay([channel(1, 'Alpha')]);
    relay.on('GET /api/channel/test/1', () => {
      relay.change((rows) => rows.map((c) => ({ ...c, status: 3, status_reason: 'test: 401 Incorrect API key' })));
      return { ok: false, status_code: 401, response_time: 40, model: 'gpt-4o-mini', key_index: 0, error: 'Incorrect API key', channel_status: 3 };
    });
    await showPage();
    await userEvent.click(screen.getByRole('button', { name: 'Test channel Alpha' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Test of channel Alpha failed: Incorrect API key');
    await waitFor(() => expect(within(row('Alpha')).getByTestId('status-reason-1').textContent).toBe('test: 401 Incorrect API key'));
    expect(within(row('Alpha')).getByText('Auto-disabled')).toBeTruthy();
  });

  it('says when some keys of an enabled channel are off, and opens their reasons', async () => {
    const relay = channelRelay([channel(1, 'Alpha', { key_count: 2, enabled_key_count: 1 })]);
    relay.on('GET /api/channel/1/keys', {
      key_count: 2,
      enabled: 1,
      items: [
        { index: 0, hint: 'sk-…aaaa', status: 3, reason: '401 Incorrect API key provided', disabled_at: 1, retry_at: 0, failures: 1 },
        { index: 1, hint: 'sk-…bbbb', status: 1, reason: '', disabled_at: 0, retry_at: 0, failures: 0 },
      ],
    });
    await showPage();
    await userEvent.click(within(row('Alpha')).getByRole('button', { name: '1 key off: why? (Alpha)' }));
    const panel = await screen.findByRole('dialog', { name: 'Keys of Alpha' });
    const first = await within(panel).findByTestId('key-row-0');
    expect(within(first).getByText('Auto-disabled')).toBeTruthy();
    expect(within(first).getByText('401 Incorrect API key provided')).toBeTruthy();
    expect(within(within(panel).getByTestId('key-row-1')).getByText('Enabled')).toBeTruthy();
  });
});
