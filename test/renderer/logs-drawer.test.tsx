// The record drawer: the bill line by line in US dollars, the retry chain, the error, and the
// record's other facts as labelled rows.
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LogView } from '../../renderer/api/logs.js';
import type { ChannelOptions } from '../../renderer/pages/logs/channel-options.js';
import { LogDrawer } from '../../renderer/pages/logs/LogDrawer.js';
import { logRecord } from './helpers/log-records.js';

const CHANNELS: ChannelOptions = { status: 'ready', channels: [{ id: 3, name: 'fake chat' }, { id: 4, name: 'backup' }] };

function open(record: LogView, admin = false) {
  const onClose = vi.fn();
  render(<LogDrawer record={record} admin={admin} channels={admin ? CHANNELS : { status: 'off' }} onClose={onClose} />);
  return { drawer: screen.getByRole('dialog', { name: `Record #${record.id}` }), onClose };
}

/** The bill's lines as "label: formula". */
function billLines(drawer: HTMLElement): string[] {
  return [...within(drawer).getByTestId('log-billing').querySelectorAll('.bill__line')].map((line) =>
    [...line.children].map((part) => part.textContent).join(': '),
  );
}

describe('log drawer', () => {
  it('bills prompt, cached, cache-written and output tokens at their prices, times the group ratio', () => {
    const { drawer } = open(
      logRecord({
        prompt_tokens: 1_000,
        cached_tokens: 600,
        completion_tokens: 10,
        reasoning_tokens: 4,
        group: 'vip',
        // (300 + 600·0.1 + 100·1.25 + 10·5) · 2 · 0.5 = 535 quota units
        quota: 535,
        other: { model_ratio: 2, completion_ratio: 5, cache_ratio: 0.1, cache_creation_tokens: 100, cache_creation_ratio: 1.25, group_ratio: 0.5 },
      }),
    );
    expect(billLines(drawer)).toEqual([
      'Input: 300 tokens × $4/1M = $0.0012',
      'Cached input: 600 tokens × $0.4/1M = $0.00024',
      'Cache writes: 100 tokens × $5/1M = $0.0005',
      'Output (4 reasoning): 10 tokens × $20/1M = $0.0002',
      'Group “vip”: × 0.5',
      'Charged: $0.0011',
    ]);
    // The ratios are in the bill, not repeated as raw facts.
    expect(drawer.textContent).not.toMatch(/model_ratio|\{|\}/);
  });

  it('bills the units a call used at the unit prices charged, shown per 1K, and says its family', () => {
    // A rerank priced per search unit only: 2 × $0.002 = $0.004 = 2 000 quota units.
    const { drawer } = open(
      logRecord({ model: 'rerank-v3.5', family: 'rerank', prompt_tokens: 0, completion_tokens: 0, units: { search_units: 2 }, quota: 2_000, other: { model_ratio: 0, completion_ratio: 1, cache_ratio: 1, group_ratio: 1, unit_prices: { search_units: 0.002 } } }),
    );
    expect(billLines(drawer)).toEqual(['Search units: 2 search units × $2/1K = $0.004', 'Group “default”: × 1', 'Charged: $0.004']);
    const fact = (label: string) => within(drawer).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([fact('Family'), fact('Units')]).toEqual(['Rerank', '2 search units']);
    // The unit prices are in the bill, not repeated as raw facts.
    expect(drawer.textContent).not.toMatch(/unit_prices|\{/);
  });

  it('bills a video by its seconds at the price of the size it was made at', () => {
    // 4 s of sora-2-pro at 1792x1024: $0.30 × 5/3 = $0.50 a second, $2 in all.
    const { drawer } = open(
      logRecord({ model: 'sora-2-pro', family: 'video', prompt_tokens: 0, completion_tokens: 0, units: { seconds: 4 }, quota: 1_000_000, other: { model_ratio: 0, completion_ratio: 1, cache_ratio: 1, group_ratio: 1, unit_prices: { seconds: 0.3 }, size: '1792x1024', size_ratio: 5 / 3 } }),
    );
    expect(billLines(drawer)).toEqual(['Seconds at 1792x1024: 4 seconds × $30/min = $2.00', 'Group “default”: × 1', 'Charged: $2.00']);
    expect(drawer.textContent).not.toContain('size_ratio');
  });

  it('adds unit lines to the token lines, leaves a unit the price does not name out of the bill, and the one request every call is out of the units', () => {
    const { drawer } = open(
      logRecord({
        prompt_tokens: 1_000,
        completion_tokens: 200,
        units: { requests: 1, seconds: 90 },
        // (1 000 + 200·4) · 1.25 + 1 · $0.01 · 500 000 = 2 250 + 5 000
        quota: 7_250,
        other: { model_ratio: 1.25, completion_ratio: 4, cache_ratio: 1, group_ratio: 1, unit_prices: { requests: 0.01 } },
      }),
    );
    expect(billLines(drawer)).toEqual([
      'Input: 1,000 tokens × $2.5/1M = $0.0025',
      'Output: 200 tokens × $10/1M = $0.002',
      'Requests: 1 request × $10/1K = $0.01',
      'Group “default”: × 1',
      'Charged: $0.01',
    ]);
    expect(within(drawer).getByText('Units', { selector: 'dt' }).nextElementSibling?.textContent).toBe('90 seconds');
  });

  it('bills a fixed price per call', () => {
    const { drawer } = open(logRecord({ quota: 40_000, other: { model_price: 0.04, group_ratio: 2 } }));
    expect(billLines(drawer)).toEqual(['Call: 1 call × $0.04 = $0.04', 'Group “default”: × 2', 'Charged: $0.08']);
  });

  it('explains a free call of an unpriced model, and an older record without prices', () => {
    const { drawer } = open(logRecord({ quota: 0, other: { unpriced: true } }));
    const billing = within(drawer).getByTestId('log-billing');
    expect(billing.textContent).toContain('This model had no price, so the call was free. An administrator can set one under Models and pricing.');
    expect(billing.textContent).toContain('Prompt tokens1,000');
    expect(billing.textContent).toContain('Charged$0.00');
  });

  it('shows what an older record has: tokens and the charge in US dollars', () => {
    const { drawer } = open(logRecord({ cached_tokens: 40, reasoning_tokens: 12, quota: 2_250 }));
    const billing = within(drawer).getByTestId('log-billing');
    expect(billing.textContent).toContain('Prompt tokens1,000 (40 cached)');
    expect(billing.textContent).toContain('Completion tokens200 (12 reasoning)');
    expect(billing.textContent).toContain('Charged$0.0045');
    expect(billing.textContent).toContain('no price details');
  });

  it('lists the retry chain by channel name for administrators, then the channel that answered', () => {
    const { drawer } = open(
      logRecord({
        channel_id: 3,
        channel_name: 'fake chat',
        retry_chain: [
          { channel_id: 4, key_index: 1, status: 429, error: 'Rate limit reached for requests' },
          { channel_id: 9, error: 'connect ECONNREFUSED' },
        ],
      }),
      true,
    );
    const chain = within(drawer).getByRole('region', { name: 'Retry chain' });
    const items = within(chain).getAllByRole('listitem').map((item) => [...item.children].map((part) => part.textContent));
    expect(items).toEqual([
      ['backup (#4), key 2', 'HTTP 429', 'Rate limit reached for requests'],
      ['#9', 'No answer', 'connect ECONNREFUSED'],
      ['fake chat (#3)', 'Answered'],
    ]);
    expect(within(drawer).getByText('Channel').nextSibling?.textContent).toBe('fake chat (#3)');
  });

  it('shows the error on its own and the other facts as labelled rows', () => {
    const { drawer } = open(logRecord({ type: 5, quota: 0, error: 'No channel could serve gpt-4o right now.', other: { warnings: ['dropped logit_bias'], usage_estimated: true, upstream_region: 'eu' } }));
    expect(within(drawer).getByRole('region', { name: 'Error' }).textContent).toBe('ErrorNo channel could serve gpt-4o right now.');
    const notes = within(drawer).getByRole('heading', { name: 'Notes' }).nextElementSibling!;
    expect([...notes.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling!.textContent])).toEqual([
      ['Warnings', 'dropped logit_bias'],
      ['Token counts', 'Counted by Relaydesk: the upstream reported none'],
      ['Upstream region', 'eu'],
    ]);
    // An error record bills nothing and has no bill section.
    expect(within(drawer).queryByTestId('log-billing')).toBeNull();
  });

  it('shows a failed call as the relay logs it: its channel, the upstream status, the error and every attempt with its time', () => {
    const { drawer } = open(
      logRecord({
        type: 5,
        channel_id: 4,
        channel_name: 'backup',
        prompt_tokens: 0,
        completion_tokens: 0,
        quota: 0,
        first_byte_ms: 0,
        total_ms: 2_140,
        error: 'Upstream overloaded, try again later.',
        retry_chain: [
          { channel_id: 3, channel_name: 'fake chat', key_index: 0, status: 0, ms: 0, error: 'Could not reach the upstream (ECONNREFUSED).' },
          { channel_id: 7, channel_name: 'deleted since', key_index: 0, status: 429, ms: 85, error: 'Rate limit reached' },
          { channel_id: 4, channel_name: 'backup', key_index: 1, status: 502, ms: 2_050, error: 'Upstream overloaded, try again later.' },
        ],
      }),
      true,
    );
    const fact = (label: string) => within(drawer).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Channel')).toBe('backup (#4)');
    expect(fact('Status')).toBe('Failed · 502');
    expect(fact('Upstream status')).toBe('HTTP 502');
    expect(within(drawer).getByRole('region', { name: 'Error' }).textContent).toBe('ErrorUpstream overloaded, try again later.');
    const chain = within(drawer).getByRole('region', { name: 'Retry chain' });
    const items = within(chain).getAllByRole('listitem').map((item) => [...item.children].map((part) => part.textContent));
    // The channel as named when the call was made (a channel deleted since keeps its name); no "Answered" line.
    expect(items).toEqual([
      ['fake chat (#3), key 1', 'No answer', 'took under 1 ms', 'Could not reach the upstream (ECONNREFUSED).'],
      ['deleted since (#7), key 1', 'HTTP 429', 'took 85 ms', 'Rate limit reached'],
      ['backup (#4), key 2', 'HTTP 502', 'took 2.05 s', 'Upstream overloaded, try again later.'],
    ]);
  });

  it('keeps channels and retries out of your own records', () => {
    const { drawer } = open(logRecord({ retry_chain: [{ channel_id: 4, status: 500 }] }));
    expect(within(drawer).queryByText('Channel')).toBeNull();
    expect(within(drawer).queryByRole('region', { name: 'Retry chain' })).toBeNull();
  });

  it('is a native modal dialog (focus trapped by the browser) that closes on Close, Escape and the backdrop', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { drawer, onClose } = open(logRecord({}));
    expect(showModal).toHaveBeenCalledOnce();
    expect(drawer.tagName).toBe('DIALOG');

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // Browsers fire `cancel` on Escape; happy-dom does not, so the event is sent directly.
    fireEvent(drawer, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
    // A click on the <dialog> itself is on its backdrop; one on its content is not.
    await userEvent.click(within(drawer).getByTestId('log-billing'));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(drawer);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('gives focus back to what opened it when it closes', () => {
    render(<button type="button">Details</button>);
    const details = screen.getByRole('button', { name: 'Details' });
    details.focus();
    const { unmount } = render(<LogDrawer record={logRecord({})} admin={false} channels={{ status: 'off' }} onClose={() => {}} />);
    // The browser puts focus inside a modal dialog (happy-dom does not: done by hand).
    within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }).focus();
    unmount();
    expect(document.activeElement).toBe(details);
  });
});
