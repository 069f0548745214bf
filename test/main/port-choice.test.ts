import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askToUseOtherPort, findNextFreePort, isPortFree } from '../../main/port-choice.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

function occupy(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    servers.push(server);
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

describe('findNextFreePort', () => {
  it('skips ports in use and answers one that can be bound', async () => {
    const taken = await occupy();
    await occupy(taken + 1).catch(() => {}); // best effort: the next one taken too
    expect(await isPortFree('127.0.0.1', taken)).toBe(false);
    const free = await findNextFreePort('127.0.0.1', taken);
    expect(free).not.toBeNull();
    expect(free!).toBeGreaterThan(taken);
    expect(servers.some((s) => (s.address() as { port: number } | null)?.port === free)).toBe(false);
    expect(await isPortFree('127.0.0.1', free!)).toBe(true); // and the probe released it
  });

  it('answers null when nothing is free in the span (or above 65535)', async () => {
    expect(await findNextFreePort('127.0.0.1', 65_535)).toBeNull();
    const taken = await occupy();
    const next = await occupy(taken + 1).then(
      () => true,
      () => false,
    );
    if (next) expect(await findNextFreePort('127.0.0.1', taken, 1)).toBeNull();
  });
});

describe('askToUseOtherPort', () => {
  it('offers "Use port N" (default) and "Quit" (cancel) and maps the answer', async () => {
    const dialog = { showMessageBox: vi.fn(async () => ({ response: 0, checkboxChecked: false })) };
    expect(await askToUseOtherPort(dialog, 3000, 3001)).toBe(true);
    const options = (dialog.showMessageBox.mock.calls[0] as unknown as [Record<string, unknown>])[0];
    expect(options).toMatchObject({ buttons: ['Use port 3001', 'Quit'], defaultId: 0, cancelId: 1 });
    expect(String(options.message)).toContain('3000');
    dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });
    expect(await askToUseOtherPort(dialog, 3000, 3001)).toBe(false);
  });
});
