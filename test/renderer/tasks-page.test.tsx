// The Tasks page: how tasks start when there are none, and a task's progress.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TasksPage from '../../renderer/pages/admin/TasksPage.js';
import { stubApi } from './helpers/fake-api.js';

describe('Tasks page', () => {
  it('tells how a task starts when there is none, with a way to the Channels page', async () => {
    stubApi().on('GET /api/task', { items: [], total: 0, page: 1, page_size: 20 });
    render(<TasksPage />);
    const empty = (await screen.findByText('No background tasks since the relay started.')).closest('td')!;
    expect(empty.textContent).toContain('Test all channels on the Channels page tests every channel in the background');
    expect(within(empty).getByRole('link', { name: 'Go to Channels' }).getAttribute('href')).toBe('/channels');
  });

  it('shows a finished test of every channel with its outcome and progress', async () => {
    stubApi().on('GET /api/task', {
      items: [{ id: 3, kind: 'channel_test_all', status: 'succeeded', progress: 100, done: 2, total: 2, user_id: 1, created_at: 1, started_at: 1000, finished_at: 2500, error: '', result: '2 passed, 0 failed' }],
      total: 1,
      page: 1,
      page_size: 20,
    });
    render(<TasksPage />);
    const row = (await screen.findByText('Test every channel')).closest('tr')!;
    expect(within(row).getByText('2 passed, 0 failed')).toBeTruthy();
    expect(within(row).getByText('100% · 2 of 2')).toBeTruthy();
    expect(within(row).getByText('Succeeded')).toBeTruthy();
    expect(within(row).getByText('1.5 s')).toBeTruthy();
  });
});
