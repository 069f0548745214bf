// The user dialog (admin): a user's rate limits and spending caps, and what is left of each cap.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUserView } from '../../renderer/api/users.js';
import { UserDialog } from '../../renderer/pages/admin/UserDialogs.js';
import { stubApi } from './helpers/fake-api.js';
import { ROLE, userOf } from './helpers/page-props.js';

const alice = {
  ...userOf(ROLE.user, { id: 7, username: 'alice', quota: 5_000_000 }),
  aff_code: 'abcd',
  aff_count: 0,
  aff_quota: 0,
  aff_history_quota: 0,
  inviter_id: 0,
  two_factor: false,
  passkeys: 0,
  limits: { rpm: 30, week: 1_000_000 },
} as AdminUserView;

describe('UserDialog limits', () => {
  it("shows the user's limits and what is left this week, and saves a changed limit", async () => {
    const api = stubApi()
      .on('GET /api/group', { items: [], total: 0, page: 1, page_size: 100 })
      .on('GET /api/user/7/budgets', [{ period: 'week', limit: 1_000_000, spent: 750_000, left: 250_000, resets_at: Date.UTC(2026, 10, 30) }])
      .on('PUT /api/user/7', alice);
    const onSaved = vi.fn();
    render(<UserDialog me={userOf(ROLE.root)} user={alice} onClose={() => {}} onSaved={onSaved} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit alice' });
    const rpm = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Requests per minute' });
    expect(rpm.value).toBe('30');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Per week (USD)' }).value).toBe('2');
    expect((await within(dialog).findByTestId('budgets-left')).textContent).toContain('This week $0.50 of $2.00 left');

    await userEvent.clear(rpm);
    await userEvent.type(rpm, '120');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Per day (USD)' }), '0.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ limits: { rpm: 120, day: 250_000, week: 1_000_000 } });
  });
});
