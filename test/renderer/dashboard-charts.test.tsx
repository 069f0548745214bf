import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsageData } from '../../renderer/api/stats.js';
import { DashboardCharts } from '../../renderer/pages/dashboard/Charts.js';

const HOUR = 3600;
const END = Date.UTC(2026, 10, 21, 12, 30) / 1000;
const START = END - 24 * HOUR;
const hourAt = (hoursAgo: number) => Math.floor(END / HOUR) * HOUR - hoursAgo * HOUR;

function metrics(requests: number, quota: number) {
  return { requests, errors: 0, prompt_tokens: requests * 10, completion_tokens: requests * 5, units: {}, quota };
}

function usage(overrides: Partial<UsageData> = {}): UsageData {
  return {
    start_timestamp: START,
    end_timestamp: END,
    totals: metrics(6, 2_500_000),
    hours: [
      { time: hourAt(3), ...metrics(2, 500_000) },
      { time: hourAt(1), ...metrics(4, 2_000_000) },
    ],
    by_model: [
      { time: hourAt(3), model: 'gpt-4o-mini', ...metrics(2, 500_000) },
      { time: hourAt(1), model: 'claude-sonnet-4', ...metrics(3, 1_500_000) },
      { time: hourAt(1), model: 'gpt-4o-mini', ...metrics(1, 500_000) },
    ],
    ...overrides,
  } as UsageData;
}

/** The hidden table's rows of one figure as [label, value] pairs. */
function tableOf(title: string): string[][] {
  const figure = screen.getByRole('figure', { name: title });
  return within(figure)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('dashboard charts', () => {
  // Reduced motion: the bars are measured as drawn, not part-way through growing (on a busy
  // machine a check can land mid-animation).
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('prefers-reduced-motion'), media: query, addEventListener() {}, removeEventListener() {} }));
  });

  it('renders four figures, each named and captioned by its title', () => {
    render(<DashboardCharts usage={usage()} during="in the last 24 hours" plotWidth={480} />);
    const titles = screen.getAllByRole('figure').map((figure) => figure.getAttribute('aria-label'));
    expect(titles).toEqual(['Requests per hour', 'Spend per hour (USD)', 'Requests by model', 'Spend by model']);
    for (const figure of screen.getAllByRole('figure')) {
      expect(figure.querySelector('figcaption')?.textContent).toBe(figure.getAttribute('aria-label'));
      expect(figure.querySelector('table')?.classList.contains('visually-hidden')).toBe(true);
    }
  });

  it('lists requests and spend per model in the hidden tables, summed over the hours, largest first', () => {
    render(<DashboardCharts usage={usage()} during="in the last 24 hours" plotWidth={480} />);
    expect(tableOf('Requests by model')).toEqual([
      ['claude-sonnet-4', '3'],
      ['gpt-4o-mini', '3'],
    ]);
    expect(tableOf('Spend by model')).toEqual([
      ['claude-sonnet-4', '$3.00'],
      ['gpt-4o-mini', '$2.00'],
    ]);
  });

  it('lists every hour with calls and its value in the time tables', () => {
    render(<DashboardCharts usage={usage()} during="in the last 24 hours" plotWidth={480} />);
    const requests = tableOf('Requests per hour');
    expect(requests.map(([, value]) => value)).toEqual(['2', '4']);
    expect(requests[0]![0]).toMatch(/\d{1,2}:00/);
    expect(tableOf('Spend per hour (USD)').map(([, value]) => value)).toEqual(['$1.00', '$4.00']);
  });

  it('summarises each plot for screen readers as an image', () => {
    render(<DashboardCharts usage={usage()} during="in the last 24 hours" plotWidth={480} />);
    expect(screen.getByRole('img', { name: /^Requests by model:/ }).getAttribute('aria-label')).toBe('Requests by model: claude-sonnet-4 3, gpt-4o-mini 3');
    expect(screen.getByRole('img', { name: /^Requests per hour:/ }).getAttribute('aria-label')).toBe('Requests per hour: 6 in total, at most 4 in one hour');
  });

  it('draws the recharts plots once their module has loaded', async () => {
    const { container } = render(<DashboardCharts usage={usage()} during="in the last 24 hours" plotWidth={480} />);
    const figure = screen.getByRole('figure', { name: 'Requests by model' });
    await within(figure).findByText('claude-sonnet-4', { selector: 'tspan' });
    expect(container.querySelectorAll('svg.recharts-surface').length).toBe(4);
    // The bars use the theme's colour variables, not fixed colours.
    await waitFor(() => expect(figure.querySelector('.recharts-bar-rectangle path')?.getAttribute('fill')).toBe('var(--chart-requests)'));
    const spend = screen.getByRole('figure', { name: 'Spend by model' });
    await waitFor(() => expect(spend.querySelector('.recharts-bar-rectangle path')?.getAttribute('fill')).toBe('var(--chart-spend)'));
    // Each bar ends in its formatted value.
    // (recharts shows them once the bars have grown in.)
    expect(await within(spend).findByText('$3.00', { selector: 'tspan' }, { timeout: 3000 })).toBeTruthy();
  });

  it('labels the time axis with short hours for a day', async () => {
    render(<DashboardCharts usage={usage()} during="in the last 24 hours" plotWidth={480} />);
    const figure = screen.getByRole('figure', { name: 'Requests per hour' });
    const ticks = await xTicks(figure);
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    expect(ticks.length).toBeLessThanOrEqual(7);
    for (const tick of ticks) expect(tick).toMatch(/^\d{1,2}( [AP]M)?$/);
  });

  it('fits fewer, short time labels on a phone-wide plot', async () => {
    for (const [start, label] of [[START, '24 hours'], [END - 7 * 24 * HOUR, '7 days'], [END - 30 * 24 * HOUR, '30 days']] as const) {
      const { unmount } = render(<DashboardCharts usage={usage({ start_timestamp: start })} during={`in the last ${label}`} plotWidth={320} />);
      const ticks = await xTicks(screen.getByRole('figure', { name: 'Requests per hour' }));
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(4);
      for (const tick of ticks) expect(tick.length).toBeLessThanOrEqual(7);
      unmount();
    }
  });

  it('draws one request in a day as a full-height bar in one of 24 hourly slots, on a 0–1 axis', async () => {
    const one = usage({
      totals: metrics(1, 0),
      hours: [{ time: hourAt(0), ...metrics(1, 0) }],
      by_model: [{ time: hourAt(0), model: 'fake-observe-model', ...metrics(1, 0) }],
    });
    render(<DashboardCharts usage={one} during="in the last 24 hours" plotWidth={320} />);
    const figure = screen.getByRole('figure', { name: 'Requests per hour' });
    await waitFor(() => expect(figure.querySelector('.recharts-bar-rectangle path')).not.toBeNull());
    const yTicks = [...figure.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((t) => t.textContent);
    expect(yTicks).toEqual(['0', '1']);
    // The bar spans the plot's height (the grid's top line to the axis) and an hour's slot of its width.
    const bar = figure.querySelector<SVGPathElement>('.recharts-bar-rectangle path')!;
    const box = pathBox(bar.getAttribute('d') ?? '');
    const gridLines = [...figure.querySelectorAll('.recharts-cartesian-grid-horizontal line')].map((l) => Number(l.getAttribute('y1')));
    expect(box.height).toBeCloseTo(Math.max(...gridLines) - Math.min(...gridLines), 0);
    const plotWidth = Number(figure.querySelector('.recharts-cartesian-grid-horizontal line')?.getAttribute('width'));
    expect(box.width).toBeGreaterThan((plotWidth / 24) * 0.6);
    expect(box.width).toBeLessThanOrEqual(plotWidth / 24);
    // By model: a bar with its value after it, and the model's whole name on a phone.
    const byModel = screen.getByRole('figure', { name: 'Requests by model' });
    expect(await within(byModel).findByText('fake-observe-model', { selector: 'tspan' })).toBeTruthy();
    expect(await within(byModel).findByText('1', { selector: '.recharts-label-list tspan, .recharts-label-list text' }, { timeout: 3000 })).toBeTruthy();
  });

  it('labels the time axis with dates for 30 days', async () => {
    const start = END - 30 * 24 * HOUR;
    render(<DashboardCharts usage={usage({ start_timestamp: start })} during="in the last 30 days" plotWidth={600} />);
    const figure = screen.getByRole('figure', { name: 'Requests per hour' });
    const ticks = await xTicks(figure);
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    expect(ticks.length).toBeLessThanOrEqual(7);
    for (const tick of ticks) expect(tick).not.toMatch(/:/);
    // 720 hours are too many for bars: an area instead.
    expect(figure.querySelector('.recharts-area')).not.toBeNull();
  });

  it('shows an empty state instead of a plot when nothing was spent', () => {
    const free = usage({
      hours: [{ time: hourAt(1), ...metrics(3, 0) }],
      by_model: [{ time: hourAt(1), model: 'llama3', ...metrics(3, 0) }],
    });
    render(<DashboardCharts usage={free} during="in the last 7 days" plotWidth={480} />);
    const spend = screen.getByRole('figure', { name: 'Spend by model' });
    expect(within(spend).getByText('Nothing spent in the last 7 days.')).toBeTruthy();
    expect(within(spend).queryByRole('img')).toBeNull();
    expect(within(screen.getByRole('figure', { name: 'Spend per hour (USD)' })).getByText('Nothing spent in the last 7 days.')).toBeTruthy();
    // Requests were made, so their charts still draw.
    expect(within(screen.getByRole('figure', { name: 'Requests by model' })).getByRole('img')).toBeTruthy();
  });

  it('draws at most eight bars and sums the rest into one, while the table keeps every model', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ time: hourAt(1), model: `model-${String(i).padStart(2, '0')}`, ...metrics(20 - i, 0) }));
    render(<DashboardCharts usage={usage({ by_model: many })} during="in the last 24 hours" plotWidth={480} />);
    const figure = screen.getByRole('figure', { name: 'Requests by model' });
    expect(tableOf('Requests by model')).toHaveLength(11);
    await within(figure).findByText('4 other models', { selector: 'tspan' });
    expect(figure.querySelectorAll('.recharts-bar-rectangle').length).toBe(8);
  });
});

/** The time axis labels, once recharts has laid them out (a render after the plot's first). */
async function xTicks(figure: HTMLElement): Promise<string[]> {
  const read = () => [...figure.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((t) => t.textContent ?? '');
  await waitFor(() => expect(read().length).toBeGreaterThan(0));
  return read();
}

/** The bounding box of an svg path's absolute coordinates (recharts' bars are M/L/A/Z paths). */
function pathBox(d: string): { width: number; height: number } {
  const numbers = [...d.matchAll(/[ML]\s*([\d.-]+)[ ,]+([\d.-]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  const xs = numbers.map(([x]) => x);
  const ys = numbers.map(([, y]) => y);
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}
