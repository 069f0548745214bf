import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import DashboardPage from '../../renderer/pages/dashboard/DashboardPage.js';
import { Failure, stubApi, type FakeApi } from './helpers/fake-api.js';
import { showCustomRange } from './helpers/custom-range.js';
import { pageProps, ROLE } from './helpers/page-props.js';

const HOUR = 3600;

/** Usage of `requests` chat calls of gpt-4o-mini in the asked range, and any points `byFamily` gives. */
function usageOf(requests: number, model = 'gpt-4o-mini', byFamily?: (hour: number) => object[]) {
  return (call: { query: URLSearchParams }) => {
    const start = Number(call.query.get('start_timestamp'));
    const end = Number(call.query.get('end_timestamp'));
    const hour = Math.floor(end / HOUR) * HOUR;
    const metrics = { requests, errors: 0, prompt_tokens: 1_000, completion_tokens: 500, units: { requests }, quota: 1_250_000 };
    return {
      start_timestamp: start,
      end_timestamp: end,
      totals: requests === 0 ? { ...metrics, prompt_tokens: 0, completion_tokens: 0, quota: 0 } : metrics,
      hours: requests === 0 ? [] : [{ time: hour, ...metrics }],
      by_family: byFamily?.(hour) ?? (requests === 0 ? [] : [{ time: hour, family: 'chat', ...metrics }]),
      by_model: requests === 0 ? [] : [{ time: hour, model, ...metrics }],
    };
  };
}

function relay(requests: number): FakeApi {
  return stubApi()
    .on('GET /api/user/self', { id: 1, username: 'owner', role: 100, quota: 100_000_000 })
    .on('GET /api/log/self/stat', { quota: 1_250_000, requests, rpm: 3, tpm: 1_500 })
    .on('GET /api/data/self', usageOf(requests))
    .on('GET /api/log/stat', { quota: 5_000_000, requests: 40, rpm: 9, tpm: 9_000 })
    .on('GET /api/data', usageOf(40, 'everyones-model'));
}

const page = (role: number = ROLE.root) => render(<DashboardPage {...pageProps(role)} />);
/** The last call to `path`'s [start, end]. */
const boundsOf = (api: FakeApi, path: string) => {
  const call = api.calls.filter((c) => c.path === path).at(-1)!;
  return [Number(call.query.get('start_timestamp')), Number(call.query.get('end_timestamp'))];
};

describe('DashboardPage', () => {
  it('shows the totals as cards, spend in US dollars', async () => {
    relay(2);
    page();
    expect(screen.getByRole('status').textContent).toBe('Loading usage…');
    expect((await screen.findByTestId('metric-requests')).textContent).toBe('Requests, last 24 hours2');
    expect(screen.getByTestId('metric-spent').textContent).toBe('Spent, last 24 hours$2.50');
    expect(screen.getByTestId('metric-balance').textContent).toBe('Balance$200.00');
    expect(screen.getByTestId('metric-tokens').textContent).toBe('Tokens, last 24 hours1.5K1K in · 500 out');
  });

  it('shows the error rate, the latency percentiles, and the top models and keys by spend', async () => {
    relay(2).on('GET /api/data/self', (call: { query: URLSearchParams }) => {
      const usage = usageOf(2)(call) as Record<string, unknown> & { totals: object };
      const hour = Math.floor(Number(call.query.get('end_timestamp')) / HOUR) * HOUR;
      const key = (token_id: number, token_name: string, requests: number, quota: number) => ({ time: hour, token_id, token_name, user_id: 1, requests, errors: 0, prompt_tokens: 0, completion_tokens: 0, units: {}, quota });
      return {
        ...usage,
        totals: { ...usage.totals, errors: 2 },
        by_key: [key(7, 'ci', 1, 250_000), key(0, '', 1, 1_000_000)],
        by_user: [],
        by_channel: [],
        latency: { calls: 2, total_ms: { p50: 850, p95: 1240, p99: 1300 }, first_byte_ms: { p50: 120, p95: 300, p99: null } },
        days: [],
      };
    });
    page();
    expect((await screen.findByTestId('metric-error-rate')).textContent).toBe('Error rate, last 24 hours50%2 failed of 4 calls');
    expect(screen.getByTestId('metric-total-time').textContent).toBe('Total time, last 24 hoursp50 850 msp50 850 ms · p95 1.24 s · p99 1.3 s');
    const keys = within(screen.getByRole('table', { name: 'Top keys' })).getAllByRole('row').map((row) => row.textContent);
    expect(keys).toEqual(['KeyCallsErrorsCost (USD)', 'Console playground10$2.00', 'ci10$0.50']);
    expect(screen.queryByRole('table', { name: 'Top channels' })).toBeNull(); // only in the everyone view
  });

  it('shows the time to first byte as p50 on the card and p50, p95 and p99 below it; a dash when no call succeeded', async () => {
    const api = relay(2).on('GET /api/data/self', (call: { query: URLSearchParams }) => ({
      ...(usageOf(2)(call) as object),
      latency: { calls: 2, total_ms: { p50: 900, p95: 2000, p99: 2500 }, first_byte_ms: { p50: 95, p95: 480, p99: 1520 } },
    }));
    page();
    expect((await screen.findByTestId('metric-first-byte')).textContent).toBe('First byte, last 24 hoursp50 95 msp50 95 ms · p95 480 ms · p99 1.52 s');

    api.on('GET /api/data/self', (call: { query: URLSearchParams }) => ({
      ...(usageOf(2)(call) as object),
      latency: { calls: 0, total_ms: { p50: null, p95: null, p99: null }, first_byte_ms: { p50: null, p95: null, p99: null } },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('metric-first-byte').textContent).toBe('First byte, last 24 hours–No successful calls'));
  });

  it("in everyone's view, the top users and channels name each one with its calls, errors and cost, most spent first", async () => {
    relay(2).on('GET /api/data', (call: { query: URLSearchParams }) => {
      const hour = Math.floor(Number(call.query.get('end_timestamp')) / HOUR) * HOUR;
      const metrics = (requests: number, errors: number, quota: number) => ({ requests, errors, prompt_tokens: 0, completion_tokens: 0, units: {}, quota });
      const user = (time: number, user_id: number, username: string, ...m: [number, number, number]) => ({ time, user_id, username, ...metrics(...m) });
      const channel = (time: number, channel_id: number, channel_name: string, ...m: [number, number, number]) => ({ time, channel_id, channel_name, ...metrics(...m) });
      return {
        ...(usageOf(40, 'everyones-model')(call) as object),
        // alice's calls in two hours add up; a user deleted since and a channel without a name keep their number.
        by_user: [user(hour - HOUR, 2, 'alice', 3, 1, 500_000), user(hour, 2, 'alice', 2, 0, 250_000), user(hour, 3, 'bob', 1, 0, 1_500_000), user(hour, 9, '', 4, 2, 0)],
        by_channel: [channel(hour, 1, 'ops chat', 6, 1, 2_250_000), channel(hour, 4, '', 4, 2, 0)],
      };
    });
    page(ROLE.admin);
    await screen.findByTestId('metric-requests');
    expect(screen.queryByRole('table', { name: 'Top users' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Everyone' }));
    const rowsOf = async (name: string) =>
      within(await screen.findByRole('table', { name }))
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(await rowsOf('Top users')).toEqual([
      ['User', 'Calls', 'Errors', 'Cost (USD)'],
      ['bob', '1', '0', '$3.00'],
      ['alice', '5', '1', '$1.50'],
      ['User 9', '4', '2', '$0.00'],
    ]);
    expect(await rowsOf('Top channels')).toEqual([
      ['Channel', 'Calls', 'Errors', 'Cost (USD)'],
      ['ops chat', '6', '1', '$4.50'],
      ['Channel 4', '4', '2', '$0.00'],
    ]);
  });

  it('charts the calls: the requests by model table holds the model and its count', async () => {
    relay(2);
    page();
    const figure = await screen.findByRole('figure', { name: 'Requests by model' });
    const row = within(figure).getByRole('rowheader', { name: 'gpt-4o-mini' }).closest('tr')!;
    expect(within(row).getByRole('cell').textContent).toBe('2');
    expect(within(screen.getByRole('figure', { name: 'Spend by model' })).getByRole('cell').textContent).toBe('$2.50');
  });

  it('splits the usage by call family: requests, tokens, the units besides the calls, and spend, most spent first', async () => {
    const point = (hour: number, family: string, requests: number, units: object, quota: number) => ({ time: hour, family, requests, errors: 0, prompt_tokens: 100 * requests, completion_tokens: 0, units, quota });
    relay(5).on(
      'GET /api/data/self',
      usageOf(5, 'gpt-4o-mini', (hour) => [
        point(hour - HOUR, 'chat', 2, { requests: 2 }, 500_000),
        point(hour - HOUR, 'rerank', 1, { requests: 1, search_units: 3 }, 3_000),
        point(hour, 'rerank', 1, { requests: 1, search_units: 1 }, 1_000),
        point(hour, 'chat', 1, { requests: 1 }, 250_000),
      ]),
    );
    page();
    const table = await screen.findByRole('table', { name: 'Usage by family' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Family', 'Requests', 'Tokens', 'Units', 'Spend'],
      ['Chat', '3', '300', '–', '$1.50'],
      ['Rerank', '2', '200', '4 search units', '$0.008'],
    ]);
  });

  it('asks the statistics API for the chosen range', async () => {
    const api = relay(2);
    page();
    await screen.findByTestId('metric-requests');
    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('metric-requests').textContent).toContain('last 7 days'));
    const usage = api.calls.filter((call) => call.path === '/api/data/self').at(-1)!;
    const span = Number(usage.query.get('end_timestamp')) - Number(usage.query.get('start_timestamp'));
    expect(span).toBe(7 * 24 * HOUR);
  });

  it('says there were no calls instead of drawing empty charts', async () => {
    relay(0);
    page();
    expect(await screen.findByText(/^No calls in the last 24 hours\./)).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('says why usage could not be loaded, and Refresh tries again', async () => {
    const api = relay(1).on('GET /api/data/self', new Failure(500, 'The statistics store is busy.'));
    page();
    expect((await screen.findByRole('alert')).textContent).toBe("Couldn't load usage: The statistics store is busy. Select Refresh to try again.");
    api.on('GET /api/data/self', { start_timestamp: 0, end_timestamp: 0, totals: { requests: 0, errors: 0, prompt_tokens: 0, completion_tokens: 0, quota: 0 }, hours: [], by_model: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByTestId('metric-requests');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("lets an administrator switch between their own usage and everyone's", async () => {
    const api = relay(2);
    page(ROLE.admin);
    await screen.findByTestId('metric-requests');
    const scope = screen.getByRole('group', { name: 'Whose usage' });
    expect(within(scope).getByRole('button', { name: 'Mine' }).getAttribute('aria-pressed')).toBe('true');
    expect(api.calls.some((c) => c.path === '/api/data' || c.path === '/api/log/stat')).toBe(false);

    await userEvent.click(within(scope).getByRole('button', { name: 'Everyone' }));
    await waitFor(() => expect(screen.getByTestId('metric-requests').textContent).toBe('Requests, everyone, last 24 hours40'));
    expect(screen.getByTestId('metric-spent').textContent).toBe('Spent, everyone, last 24 hours$10.00');
    // The balance stays the administrator's own.
    expect(screen.getByTestId('metric-balance').textContent).toBe('Your balance$200.00');
    const figure = screen.getByRole('figure', { name: 'Requests by model' });
    expect(within(figure).getByRole('rowheader', { name: 'everyones-model' })).toBeTruthy();
    expect(boundsOf(api, '/api/data')[1]! - boundsOf(api, '/api/data')[0]!).toBe(24 * HOUR);

    await userEvent.click(within(scope).getByRole('button', { name: 'Mine' }));
    await waitFor(() => expect(screen.getByTestId('metric-requests').textContent).toBe('Requests, last 24 hours2'));
  });

  it('offers no everyone view to a user who is not an administrator', async () => {
    relay(2);
    page(ROLE.user);
    await screen.findByTestId('metric-requests');
    expect(screen.queryByRole('group', { name: 'Whose usage' })).toBeNull();
  });

  it('shows a custom range of whole days, from the start of the first to the end of the last', async () => {
    const api = relay(2);
    page();
    await screen.findByTestId('metric-requests');
    await showCustomRange('2025-03-01', '2025-03-03');

    await waitFor(() => expect(screen.getByTestId('metric-requests').textContent).toMatch(/^Requests, Mar 1, 2025 – Mar 3, 2025\d/));
    expect(boundsOf(api, '/api/data/self')).toEqual([new Date(2025, 2, 1).getTime() / 1000, new Date(2025, 2, 4).getTime() / 1000 - 1]);
    expect(boundsOf(api, '/api/log/self/stat')).toEqual(boundsOf(api, '/api/data/self'));
    expect(screen.getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '24 hours' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('refuses an end date before the start date, saying what to do, and asks the relay nothing', async () => {
    const api = relay(2);
    page();
    await screen.findByTestId('metric-requests');
    const before = api.calls.length;
    const form = await showCustomRange('2025-03-05', '2025-03-01');
    expect(within(form).getByRole('alert').textContent).toBe('The end date is before the start date: choose an end date on or after it.');
    expect(within(form).getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.length).toBe(before);
    expect(screen.getByTestId('metric-requests').textContent).toBe('Requests, last 24 hours2');
  });

  it('says when a custom range had no calls', async () => {
    relay(0);
    page();
    await screen.findByTestId('metric-requests');
    await showCustomRange('2025-03-02', '2025-03-02');
    expect(await screen.findByText(/^No calls on Mar 2, 2025\./)).toBeTruthy();
  });
});
