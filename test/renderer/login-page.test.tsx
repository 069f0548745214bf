import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../renderer/pages/LoginPage.js';
import { Failure, stubApi } from './helpers/fake-api.js';

const OWNER = { id: 1, username: 'owner', role: 100 };

async function signIn(username: string, password: string) {
  if (username !== '') await userEvent.type(screen.getByLabelText('Username'), username);
  if (password !== '') await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('asks for both fields before calling the relay, focusing the empty one', async () => {
    const api = stubApi();
    render(<LoginPage status={null} onSignedIn={() => {}} />);
    await signIn('owner', '');
    expect(screen.getByRole('alert').textContent).toBe('Enter your username and password.');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(api.calls).toHaveLength(0);
  });

  it("shows the relay's message for wrong credentials, clears the password and focuses it", async () => {
    stubApi().on('POST /api/user/login', new Failure(401, 'Wrong username or password.'));
    render(<LoginPage status={null} onSignedIn={() => {}} />);
    await signIn('owner', 'nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
  });

  it('says how long to wait after too many attempts', async () => {
    const fetchStub = vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'rate limited', data: null }), { status: 429, headers: { 'Retry-After': '120' } }));
    vi.stubGlobal('fetch', fetchStub);
    render(<LoginPage status={null} onSignedIn={() => {}} />);
    await signIn('owner', 'guess');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again in 2 minutes.');
  });

  it('says the relay cannot be reached when the request fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    render(<LoginPage status={null} onSignedIn={() => {}} />);
    await signIn('owner', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe("Can't reach the Relaydesk relay. Check that it is running, then try again.");
  });

  it('signs in with the trimmed username and hands the user over', async () => {
    const api = stubApi().on('POST /api/user/login', OWNER);
    const onSignedIn = vi.fn();
    render(<LoginPage status={null} onSignedIn={onSignedIn} />);
    await signIn('  owner ', 'secret');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(OWNER));
    expect(api.calls[0]?.body).toEqual({ username: 'owner', password: 'secret' });
  });

  it('shows a notice (e.g. after signing out) until an error replaces it, and focuses the password for a known user', () => {
    render(<LoginPage status={null} initialUsername="owner" notice="You have signed out." onSignedIn={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('You have signed out.');
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('owner');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });
});
