import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RangePicker } from '../../renderer/pages/dashboard/RangePicker.js';
import { rangeBounds } from '../../renderer/pages/dashboard/range.js';

describe('RangePicker', () => {
  it('offers 24 hours, 7 days and 30 days as toggle buttons, the current one pressed', () => {
    render(<RangePicker value="7d" onChange={() => {}} />);
    const group = screen.getByRole('group', { name: 'Time range' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['24 hours', 'false'],
      ['7 days', 'true'],
      ['30 days', 'false'],
    ]);
  });

  it('reports the chosen range', async () => {
    const onChange = vi.fn();
    render(<RangePicker value="24h" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: '30 days' }));
    expect(onChange).toHaveBeenCalledWith('30d');
  });

  it('turns a range into Unix-second bounds ending now', () => {
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    expect(rangeBounds('24h', now)).toEqual([now / 1000 - 86_400, now / 1000]);
    expect(rangeBounds('30d', now)[0]).toBe(now / 1000 - 30 * 86_400);
  });
});
