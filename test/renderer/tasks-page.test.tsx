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

  it('lists video tasks with their progress, status and what became of their quota', async () => {
    const video = { model: 'sora-2', seconds: '8', size: '1280x720', user_id: 1, token_id: 4, channel_id: 2, created_at: 1000, error: null };
    stubApi()
      .on('GET /api/task', { items: [], total: 0, page: 1, page_size: 20 })
      .on('GET /api/task/video', {
        items: [
          { ...video, id: 'video_running', status: 'in_progress', progress: 40, finished_at: 0, billing: 'open' },
          { ...video, id: 'video_blocked', status: 'failed', progress: 50, finished_at: 5000, billing: 'refunded', error: { code: 'moderation_blocked', message: 'Blocked.' } },
        ],
        total: 2,
        page: 1,
        page_size: 10,
      });
    render(<TasksPage />);
    const table = within(await screen.findByRole('table', { name: 'Video tasks' }));
    const running = (await table.findByText('video_running')).closest('tr')!;
    expect(within(running).getByRole('progressbar', { name: 'Progress of video video_running' }).getAttribute('value')).toBe('40');
    expect(within(running).getByText('In progress')).toBeTruthy();
    expect(within(running).getByText('Quota reserved')).toBeTruthy();
    const failed = table.getByText('video_blocked').closest('tr')!;
    expect(within(failed).getByText('moderation_blocked: Blocked.')).toBeTruthy();
    expect(within(failed).getByText('Refunded')).toBeTruthy();
  });
});
