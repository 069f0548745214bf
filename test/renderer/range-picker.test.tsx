import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RangePicker } from '../../renderer/pages/dashboard/RangePicker.js';
import { showCustomRange } from './helpers/custom-range.js';
import { customRangeError, rangeBounds, rangeName, rangePhrase } from '../../renderer/pages/dashboard/range.js';

describe('RangePicker', () => {
  it('offers 24 hours, 7 days, 30 days and Custom as toggle buttons, the current one pressed', () => {
    render(<RangePicker value={{ id: '7d' }} onChange={() => {}} />);
    const group = screen.getByRole('group', { name: 'Time range' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['24 hours', 'false'],
      ['7 days', 'true'],
      ['30 days', 'false'],
      ['Custom', 'false'],
    ]);
    expect(screen.queryByRole('form', { name: 'Custom time range' })).toBeNull();
  });

  it('moves focus to the From date when Custom is pressed, and only then', async () => {
    const { unmount } = render(<RangePicker value={{ id: '24h' }} onChange={() => {}} />);
    const custom = screen.getByRole('button', { name: 'Custom' });
    expect(custom.hasAttribute('aria-expanded')).toBe(false);
    expect(custom.hasAttribute('aria-controls')).toBe(false);
    await userEvent.click(custom);
    const form = screen.getByRole('form', { name: 'Custom time range' });
    expect(document.activeElement).toBe(within(form).getByLabelText('From'));
    unmount();

    // A custom range chosen before shows its dates without taking focus from the page.
    render(<RangePicker value={{ id: 'custom', from: '2025-01-10', to: '2025-01-20' }} onChange={() => {}} />);
    expect(screen.getByRole('form', { name: 'Custom time range' })).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it('reports the chosen range', async () => {
    const onChange = vi.fn();
    render(<RangePicker value={{ id: '24h' }} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: '30 days' }));
    expect(onChange).toHaveBeenCalledWith({ id: '30d' });
  });

  it('opens the custom dates on Custom, reports them on Show, and closes them on a preset', async () => {
    const onChange = vi.fn();
    render(<RangePicker value={{ id: '24h' }} onChange={onChange} />);
    await showCustomRange('2025-01-10', '2025-01-20');
    const custom = screen.getByRole('button', { name: 'Custom' });
    expect(custom.getAttribute('aria-pressed')).toBe('true');
    expect(custom.getAttribute('aria-controls')).toBe(screen.getByRole('form', { name: 'Custom time range' }).id);
    expect(onChange).toHaveBeenLastCalledWith({ id: 'custom', from: '2025-01-10', to: '2025-01-20' });

    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(onChange).toHaveBeenLastCalledWith({ id: '7d' });
    expect(screen.queryByRole('form', { name: 'Custom time range' })).toBeNull();
  });

  it('turns a preset into Unix-second bounds ending now', () => {
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    expect(rangeBounds({ id: '24h' }, now)).toEqual([now / 1000 - 86_400, now / 1000]);
    expect(rangeBounds({ id: '30d' }, now)[0]).toBe(now / 1000 - 30 * 86_400);
  });

  it('turns custom dates into whole local days, ending now at the latest', () => {
    const now = new Date(2026, 10, 21, 12, 0, 0).getTime();
    expect(rangeBounds({ id: 'custom', from: '2026-11-01', to: '2026-11-02' }, now)).toEqual([new Date(2026, 10, 1).getTime() / 1000, new Date(2026, 10, 3).getTime() / 1000 - 1]);
    expect(rangeBounds({ id: 'custom', from: '2026-11-20', to: '2026-11-21' }, now)[1]).toBe(now / 1000);
  });

  it('checks custom dates: both given, in order, not in the future, at most 366 days', () => {
    const now = new Date(2026, 10, 21, 12).getTime();
    expect(customRangeError('2026-11-01', '2026-11-01', now)).toBeNull();
    expect(customRangeError('', '2026-11-01', now)).toBe('Choose a start date and an end date.');
    expect(customRangeError('2026-11-02', '2026-11-01', now)).toBe('The end date is before the start date: choose an end date on or after it.');
    expect(customRangeError('2026-11-22', '2026-11-23', now)).toBe('The start date is in the future: choose today or an earlier day.');
    expect(customRangeError('2025-11-20', '2026-11-21', now)).toBe('Choose at most 366 days.');
    expect(customRangeError('2025-11-21', '2026-11-21', now)).toBeNull();
  });

  it('names ranges for cards and empty states', () => {
    expect(rangeName({ id: '7d' })).toBe('last 7 days');
    expect(rangePhrase({ id: '24h' })).toBe('in the last 24 hours');
    expect(rangePhrase({ id: 'custom', from: '2025-03-02', to: '2025-03-02' })).toBe('on Mar 2, 2025');
    expect(rangeName({ id: 'custom', from: '2025-03-02', to: '2025-03-09' })).toBe('Mar 2, 2025 – Mar 9, 2025');
  });
});
