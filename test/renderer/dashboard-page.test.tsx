import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import DashboardPage from '../../renderer/pages/dashboard/DashboardPage.js';
import { Failure, stubApi, type FakeApi } from './helpers/fake-api.js';

const HOUR = 3600;

function relay(requests: number): FakeApi {
  return stubApi()
    .on('GET /api/user/self', { id: 1, username: 'owner', role: 100, quota: 100_000_000 })
    .on('GET /api/log/self/stat', { quota: 1_250_000, requests, rpm: 3, tpm: 1_500 })
    .on('GET /api/data/self', (call: { query: URLSearchParams }) => {
      const start = Number(call.query.get('start_timestamp'));
      const end = Number(call.query.get('end_timestamp'));
      const hour = Math.floor(end / HOUR) * HOUR;
      const metrics = { requests, errors: 0, prompt_tokens: 1_000, completion_tokens: 500, quota: 1_250_000 };
      return {
        start_timestamp: start,
        end_timestamp: end,
        totals: requests === 0 ? { ...metrics, prompt_tokens: 0, completion_tokens: 0, quota: 0 } : metrics,
        hours: requests === 0 ? [] : [{ time: hour, ...metrics }],
        by_model: requests === 0 ? [] : [{ time: hour, model: 'gpt-4o-mini', ...metrics }],
      };
    });
}

const page = () => render(<DashboardPage />);

describe('DashboardPage', () => {
  it('shows the totals as cards, spend in US dollars', async () => {
    relay(2);
    page();
    expect(screen.getByRole('status').textContent).toBe('Loading usage…');
    expect((await screen.findByTestId('metric-requests')).textContent).toBe('Requests, last 24 hours2');
    expect(screen.getByTestId('metric-spent').textContent).toBe('Spent, last 24 hours$2.50');
    expect(screen.getByTestId('metric-balance').textContent).toBe('Balance$200.00');
    expect(screen.getByTestId('metric-tokens').textContent).toBe('Tokens, last 24 hours1.5K');
  });

  it('charts the calls: the requests by model table holds the model and its count', async () => {
    relay(2);
    page();
    const figure = await screen.findByRole('figure', { name: 'Requests by model' });
    const row = within(figure).getByRole('rowheader', { name: 'gpt-4o-mini' }).closest('tr')!;
    expect(within(row).getByRole('cell').textContent).toBe('2');
    expect(within(screen.getByRole('figure', { name: 'Spend by model' })).getByRole('cell').textContent).toBe('$2.50');
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
    expect((await screen.findByRole('alert')).textContent).toBe("Couldn't load usage: The statistics store is busy.");
    api.on('GET /api/data/self', { start_timestamp: 0, end_timestamp: 0, totals: { requests: 0, errors: 0, prompt_tokens: 0, completion_tokens: 0, quota: 0 }, hours: [], by_model: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByTestId('metric-requests');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
