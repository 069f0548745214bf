import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../../renderer/components/CopyButton.js';
import { DesktopCard } from '../../renderer/components/DesktopCard.js';
import { SessionsCard } from '../../renderer/components/SessionsCard.js';
import type { RelaydeskBridge } from '../../renderer/lib/desktop-bridge.js';
import { stubApi } from './helpers/fake-api.js';

/** A `window.relaydesk` like the desktop preload's, backed by plain state. */
function stubBridge(overrides: Partial<RelaydeskBridge> = {}) {
  let startAtLogin = false;
  const bridge: RelaydeskBridge = {
    appVersion: vi.fn(async () => '0.1.0'),
    openDataFolder: vi.fn(async () => {}),
    copyToClipboard: vi.fn(async () => {}),
    getStartAtLogin: vi.fn(async () => startAtLogin),
    setStartAtLogin: vi.fn(async (on: boolean) => {
      startAtLogin = on;
      return startAtLogin;
    }),
    ...overrides,
  };
  vi.stubGlobal('relaydesk', bridge);
  return bridge;
}

describe('DesktopCard', () => {
  it('shows nothing in a browser', () => {
    const { container } = render(<DesktopCard />);
    expect(container.innerHTML).toBe('');
  });

  it('in the desktop app shows the version and turns start at login on', async () => {
    const bridge = stubBridge();
    render(<DesktopCard />);
    expect(await screen.findByText('Relaydesk desktop 0.1.0')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: /start relaydesk when you log in/i });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    expect(bridge.setStartAtLogin).toHaveBeenCalledWith(true);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it('says so when the system refuses the login item, and keeps the switch truthful', async () => {
    stubBridge({ setStartAtLogin: vi.fn(async () => Promise.reject(new Error('denied'))) });
    render(<DesktopCard />);
    const toggle = await screen.findByRole('switch', { name: /start relaydesk/i });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    await userEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not change the login item/i);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('opens the data folder', async () => {
    const bridge = stubBridge();
    render(<DesktopCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Open data folder' }));
    expect(bridge.openDataFolder).toHaveBeenCalledOnce();
  });
});

describe('CopyButton', () => {
  it('copies through the desktop app when there is one', async () => {
    const bridge = stubBridge();
    render(<CopyButton text="sk-relay-123" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(bridge.copyToClipboard).toHaveBeenCalledWith('sk-relay-123');
    expect(await screen.findByText('Copied to the clipboard.')).toBeTruthy();
  });
});

const now = Date.now();
const sessions = [
  { id: 'aaaa', created_at: now - 86_400_000, last_seen_at: now, expires_at: now + 86_400_000, client: 'Chrome 140 on Linux', user_agent: 'Mozilla/5.0', ip: '127.0.0.1', current: true },
  { id: 'bbbb', created_at: now - 3 * 86_400_000, last_seen_at: now - 2 * 86_400_000, expires_at: now + 86_400_000, client: 'Firefox 142 on Windows', user_agent: 'Mozilla/5.0', ip: '192.168.1.20', current: false },
];

describe('SessionsCard', () => {
  it('lists the sessions with this device marked', async () => {
    stubApi().on('GET /api/user/self/sessions', sessions);
    render(<SessionsCard />);
    const table = await screen.findByRole('table', { name: 'Your sessions' });
    // The table shows while the sessions load (its loading row): wait for them.
    await within(table).findByText('Firefox 142 on Windows', { exact: false });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('This device');
    expect(rows[2]!.textContent).toContain('Firefox 142 on Windows');
    expect(rows[2]!.textContent).not.toContain('This device');
  });

  it('signs another session out after confirmation and refreshes the list', async () => {
    let current = [...sessions];
    const api = stubApi()
      .on('GET /api/user/self/sessions', () => current)
      .on('DELETE /api/user/self/sessions/bbbb', () => {
        current = current.filter((s) => s.id !== 'bbbb');
        return null;
      });
    render(<SessionsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Firefox 142 on Windows (192.168.1.20)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/must sign in again/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out Firefox 142 on Windows.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Your sessions' })).getAllByRole('row')).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/user/self/sessions/bbbb']);
  });

  it('cannot sign out "all other sessions" when there are none', async () => {
    stubApi().on('GET /api/user/self/sessions', [sessions[0]]);
    render(<SessionsCard />);
    await screen.findByRole('table', { name: 'Your sessions' });
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' }).hasAttribute('disabled')).toBe(true);
  });

  it('says what went wrong when the list cannot load', async () => {
    stubApi();
    render(<SessionsCard />);
    expect(await screen.findByText(/no route GET \/api\/user\/self\/sessions/i)).toBeTruthy();
  });
});
