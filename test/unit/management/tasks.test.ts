import { describe, expect, it } from 'vitest';
import { createTaskRegistry } from '../../../relay/tasks/task-registry.js';
import { sleep } from '../../fake-upstreams/harness.js';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';

describe('task registry', () => {
  it('moves a task from queued through running to succeeded, with its progress', () => {
    let now = 1000;
    const tasks = createTaskRegistry({ clock: () => now });
    const task = tasks.create('work', 4, 7);
    expect(tasks.get(task.id)).toMatchObject({ kind: 'work', status: 'queued', progress: 0, done: 0, total: 4, user_id: 7, created_at: 1000, started_at: 0, finished_at: 0 });
    now = 2000;
    task.start();
    task.advance();
    expect(tasks.get(task.id)).toMatchObject({ status: 'running', progress: 25, done: 1, started_at: 2000 });
    task.advance(2);
    expect(tasks.get(task.id)).toMatchObject({ progress: 75, done: 3 });
    task.advance(5);
    expect(tasks.get(task.id)).toMatchObject({ progress: 100, done: 4 });
    now = 3000;
    task.succeed('all good');
    expect(tasks.get(task.id)).toMatchObject({ status: 'succeeded', progress: 100, result: 'all good', finished_at: 3000 });
    task.fail('too late');
    expect(tasks.get(task.id)).toMatchObject({ status: 'succeeded', error: '' });
  });

  it('records a failure, lists newest first with filters, and forgets the oldest finished tasks', () => {
    const tasks = createTaskRegistry({ keep: 3 });
    const a = tasks.create('a', 1, 1);
    const b = tasks.create('b', 0, 2);
    a.start();
    a.fail('upstream down');
    b.start();
    expect(tasks.get(a.id)).toMatchObject({ status: 'failed', error: 'upstream down', progress: 0 });
    expect(tasks.list().map((t) => t.id)).toEqual([b.id, a.id]);
    expect(tasks.list({ status: 'running' }).map((t) => t.id)).toEqual([b.id]);
    expect(tasks.list({ kind: 'a' }).map((t) => t.id)).toEqual([a.id]);
    expect(tasks.list({ user_id: 2 }).map((t) => t.id)).toEqual([b.id]);
    expect(tasks.active('b')?.id).toBe(b.id);
    expect(tasks.active('a')).toBeUndefined();
    // A copy: changing an answer changes nothing.
    tasks.get(b.id)!.status = 'failed';
    expect(tasks.get(b.id)!.status).toBe('running');

    tasks.create('c', 1);
    tasks.create('d', 1);
    expect(tasks.get(a.id)).toBeUndefined(); // finished and oldest: gone
    expect(tasks.get(b.id)).toBeDefined(); // still running: kept
  });

  it('runs work in the background: succeeded with its result, failed with its error', async () => {
    const tasks = createTaskRegistry();
    const ok = tasks.run('ok', 2, 0, async (task) => {
      task.advance();
      await sleep(10);
      task.advance();
      return 'done twice';
    });
    const broken = tasks.run('broken', 1, 0, async () => {
      throw new Error('it broke');
    });
    expect(ok.status).toBe('queued');
    await sleep(50);
    expect(tasks.get(ok.id)).toMatchObject({ status: 'succeeded', progress: 100, result: 'done twice' });
    expect(tasks.get(broken.id)).toMatchObject({ status: 'failed', error: 'it broke' });
  });
});

describe('task routes', () => {
  it('lets admins see every task and users only their own', async () => {
    const first = await startTestRelay();
    await setupAndLogin(first, 'root', 'root-password-1');
    await first.close();
    await seedUsers(first.dataDir, [{ username: 'user' }]);
    const relay = await startTestRelay({ dataDir: first.dataDir });
    const root = new ApiClient(relay.origin);
    const user = new ApiClient(relay.origin);
    expect((await root.call('POST', '/api/user/login', { username: 'root', password: 'root-password-1' })).json.success).toBe(true);
    expect((await user.call('POST', '/api/user/login', { username: 'user', password: 'user-password-1' })).json.success).toBe(true);

    const started = await root.call('POST', '/api/channel/test_all', {});
    const taskId = started.json.data.id;
    let task;
    do {
      await sleep(20);
      task = (await root.call('GET', `/api/task/${taskId}`)).json.data;
    } while (task.status !== 'succeeded');
    expect(task).toMatchObject({ kind: 'channel_test_all', total: 0, progress: 100, result: '0 passed, 0 failed' });

    const all = await root.call('GET', '/api/task/?p=1&page_size=10');
    expect(all.json.data).toMatchObject({ total: 1, page: 1, page_size: 10, items: [expect.objectContaining({ id: taskId })] });
    expect((await root.call('GET', '/api/task/?status=failed')).json.data.total).toBe(0);
    expect((await root.call('GET', '/api/task/?status=weird')).status).toBe(400);
    expect((await root.call('GET', '/api/task/self')).json.data.total).toBe(1);

    expect((await user.call('GET', '/api/task/self')).json.data).toMatchObject({ total: 0, items: [] });
    expect((await user.call('GET', `/api/task/${taskId}`)).status).toBe(404);
    expect((await user.call('GET', '/api/task/')).status).toBe(403);
    expect((await root.call('GET', '/api/task/999')).status).toBe(404);
  });
});
