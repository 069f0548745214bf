// The logs page: records in the shared table with their cost in US dollars, the filters
// (the channel filter in everyone's records), paging, and the loading, empty and error states.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import LogsPage from '../../renderer/pages/logs/LogsPage.js';
import { Failure, stubApi, type FakeApi } from './helpers/fake-api.js';
import { logPage, logRecord } from './helpers/log-records.js';
import { pageProps, ROLE } from './helpers/page-props.js';

const OWN = logRecord();
const THEIRS = logRecord({ id: 8, username: 'alice', channel_id: 3, channel_name: 'fake chat', quota: 1_250_000 });

function relay(): FakeApi {
  return stubApi()
    .on('GET /api/log/self', logPage([OWN]))
    .on('GET /api/log', logPage([THEIRS]))
    .on('GET /api/channel', { items: [{ id: 3, name: 'fake chat' }, { id: 4, name: 'backup' }], total: 2, page: 1, page_size: 100 });
}

const lastCall = (api: FakeApi, path: string) => api.calls.filter((c) => c.path === path).at(-1)!;

async function everyone() {
  await userEvent.click(screen.getByRole('checkbox', { name: "Everyone's records" }));
  await screen.findByRole('cell', { name: 'alice' });
}

describe('logs page', () => {
  it('lists your records with tokens and the cost in US dollars, without channels', async () => {
    const api = relay();
    render(<LogsPage {...pageProps(ROLE.user)} />);
    const row = (await screen.findByTestId('log-tokens')).closest('tr')!;
    expect(within(row).getByTestId('log-tokens').textContent).toBe('1,000 / 200');
    expect(within(row).getByTestId('log-cost').textContent).toBe('$0.0045');
    expect(screen.queryByRole('columnheader', { name: 'Channel' })).toBeNull();
    expect(screen.queryByLabelText('Channel')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: "Everyone's records" })).toBeNull();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/log/self']);
  });

  it("filters everyone's records by a channel chosen by name, and exports the same", async () => {
    const api = relay();
    render(<LogsPage {...pageProps(ROLE.admin)} />);
    await screen.findByTestId('log-tokens');
    await everyone();
    expect(within(screen.getByRole('cell', { name: 'alice' }).closest('tr')!).getByTestId('log-cost').textContent).toBe('$2.50');

    const channel = await screen.findByRole('combobox', { name: 'Channel' });
    await waitFor(() => expect(within(channel).getAllByRole('option').map((o) => o.textContent)).toEqual(['All channels', 'fake chat (#3)', 'backup (#4)']));
    await userEvent.selectOptions(channel, 'backup (#4)');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(lastCall(api, '/api/log').query.get('channel')).toBe('4'));
    expect(lastCall(api, '/api/log').query.get('p')).toBe('1');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(/^\/api\/log\/export\?.*channel=4/);

    // Your own records have no channels: the filter goes, and is not sent.
    await userEvent.click(screen.getByRole('checkbox', { name: "Everyone's records" }));
    await waitFor(() => expect(lastCall(api, '/api/log/self')).not.toBe(api.calls[0]));
    expect(lastCall(api, '/api/log/self').query.has('channel')).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Channel' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).not.toContain('channel=');
  });

  it('says in the status column what happened to a call: the upstream status it failed on, or the short error', async () => {
    relay().on(
      'GET /api/log',
      logPage([
        logRecord({ id: 1, username: 'alice' }),
        logRecord({ id: 2, type: 5, quota: 0, error: 'Upstream overloaded, try again later.', retry_chain: [{ channel_id: 3, channel_name: 'fake chat', key_index: 0, status: 502, ms: 900, error: 'Upstream overloaded, try again later.' }] }),
        logRecord({ id: 3, type: 5, quota: 0, error: 'Could not reach the upstream (ECONNREFUSED).', retry_chain: [{ channel_id: 3, key_index: 0, status: 0, ms: 2, error: 'Could not reach the upstream (ECONNREFUSED).' }] }),
        logRecord({ id: 4, type: 5, quota: 0, error: 'No channel serves the model gpt-5-turbo-preview-experimental in your group. Ask an administrator.' }),
        logRecord({ id: 5, error: 'client disconnected' }),
      ]),
    );
    render(<LogsPage {...pageProps(ROLE.admin)} />);
    await screen.findByTestId('log-tokens');
    await everyone();
    await waitFor(() => expect(screen.getAllByTestId('log-status')).toHaveLength(5));
    expect(screen.getAllByTestId('log-status').map((cell) => cell.textContent)).toEqual([
      'Consume',
      'Failed · 502',
      'Failed · Could not reach the upstream (ECONNREFUSED)',
      'Failed · No channel serves the model gpt-5-turbo-preview…',
      'Consume · client disconnected',
    ]);
    // The whole error on hover.
    expect(screen.getAllByTestId('log-status')[3]!.getAttribute('title')).toBe('No channel serves the model gpt-5-turbo-preview-experimental in your group. Ask an administrator.');
  });

  it('takes a channel number when the channels cannot be listed', async () => {
    const api = relay().on('GET /api/channel', new Failure(500, 'The channel store is busy.'));
    render(<LogsPage {...pageProps(ROLE.admin)} />);
    await screen.findByTestId('log-tokens');
    await everyone();
    const field = await screen.findByRole('textbox', { name: 'Channel ID' });
    expect(screen.getByText(/Couldn't list the channels \(The channel store is busy\.\)\. Enter a channel's number instead\./)).toBeTruthy();
    await userEvent.type(field, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(lastCall(api, '/api/log').query.get('channel')).toBe('12'));
  });

  it('sends the other filters and pages through the records', async () => {
    const api = relay().on('GET /api/log/self', (call: { query: URLSearchParams }) => logPage([logRecord({ id: 100 + Number(call.query.get('p')) })], 45));
    render(<LogsPage {...pageProps(ROLE.user)} />);
    await screen.findByTestId('log-tokens');
    await userEvent.type(screen.getByRole('textbox', { name: 'Model' }), ' gpt-4o ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Request ID' }), 'req-abc');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Error');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(lastCall(api, '/api/log/self').query.get('model')).toBe('gpt-4o'));
    const query = lastCall(api, '/api/log/self').query;
    expect([query.get('request_id'), query.get('type')]).toEqual(['req-abc', '5']);
    expect(Number(query.get('end_timestamp')) - Number(query.get('start_timestamp'))).toBe(7 * 86_400);

    await screen.findByText(/45 items · page 1 of 3/);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'Details of record 102' });
    expect(lastCall(api, '/api/log/self').query.get('p')).toBe('2');
    expect(lastCall(api, '/api/log/self').query.get('model')).toBe('gpt-4o');
  });

  it('shows each call’s family, and filters by family in both lists and the export', async () => {
    const api = relay().on('GET /api/log/self', logPage([logRecord({ id: 1 }), logRecord({ id: 2, family: 'embeddings', model: 'text-embedding-3-small' }), logRecord({ id: 3, type: 1, family: '' })]));
    render(<LogsPage {...pageProps(ROLE.admin)} />);
    await waitFor(() => expect(screen.getAllByTestId('log-family').map((cell) => cell.textContent)).toEqual(['Chat', 'Embeddings', '–']));
    expect(screen.getByRole('columnheader', { name: 'Family' })).toBeTruthy();

    const family = screen.getByRole('combobox', { name: 'Family' });
    expect(within(family).getAllByRole('option').map((o) => o.textContent)).toEqual(['All families', 'Chat', 'Embeddings', 'Completions', 'Rerank', 'Moderation', 'Images', 'Audio', 'Video']);
    await userEvent.selectOptions(family, 'Rerank');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(lastCall(api, '/api/log/self').query.get('family')).toBe('rerank'));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('family=rerank');
    await everyone();
    expect(lastCall(api, '/api/log').query.get('family')).toBe('rerank');

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(lastCall(api, '/api/log').query.has('family')).toBe(false));
  });

  it('opens a record in the drawer with its cost', async () => {
    relay();
    render(<LogsPage {...pageProps(ROLE.user)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Details of record 7' }));
    const drawer = screen.getByRole('dialog', { name: 'Record #7' });
    expect(within(drawer).getByTestId('log-billing').textContent).toContain('Charged$0.0045');
  });

  it('says when no record matches, and what to do', async () => {
    relay().on('GET /api/log/self', logPage([]));
    render(<LogsPage {...pageProps(ROLE.user)} />);
    expect(await screen.findByText('No records match these filters. Widen the time range or clear the filters.')).toBeTruthy();
  });

  it('says why the records could not be loaded, and Try again loads them', async () => {
    const api = relay().on('GET /api/log/self', new Failure(500, 'The relay ran into a problem (HTTP 500). Try again in a moment.'));
    render(<LogsPage {...pageProps(ROLE.user)} />);
    expect((await screen.findByRole('alert')).textContent).toBe("Couldn't load the records: The relay ran into a problem (HTTP 500). Try again in a moment.");
    api.on('GET /api/log/self', logPage([OWN]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('log-tokens');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
