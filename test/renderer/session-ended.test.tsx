// A session that ends while the console is open: the next call's 401 leads to the sign-in
// page with a message, and signing in again returns to the page the person was on.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/app.js';
import { Failure, stubApi } from './helpers/fake-api.js';
import { logPage, logRecord } from './helpers/log-records.js';
import { STATUS, userOf, ROLE } from './helpers/page-props.js';

const OWNER = userOf(ROLE.root);
const NOT_SIGNED_IN = new Failure(401, 'Not signed in: sign in, or send Authorization: Bearer <access token>.');

afterEach(() => window.history.replaceState(null, '', '/'));

describe('an ended session', () => {
  it('goes back to sign-in with "Your session ended; sign in again.", then back to the page', async () => {
    window.history.replaceState(null, '', '/logs');
    const api = stubApi().on('GET /api/status', STATUS).on('GET /api/user/self', OWNER).on('GET /api/log/self', NOT_SIGNED_IN).on('POST /api/user/login', OWNER);
    render(<App />);

    // The logs page loads lazily (a slow import on a busy machine), then its call is refused.
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 });
    expect(screen.getByRole('status').textContent).toBe('Your session ended; sign in again.');
    // The relay's wording is not what the person sees.
    expect(screen.queryByText(/Authorization: Bearer/)).toBeNull();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('owner');
    expect(window.location.pathname).toBe('/logs');

    api.on('GET /api/log/self', logPage([logRecord()]));
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Logs' }, { timeout: 5000 });
    await screen.findByTestId('log-tokens');
    expect(window.location.pathname).toBe('/logs');
  });

  it('does not count a wrong password at sign-in as an ended session', async () => {
    stubApi().on('GET /api/status', STATUS).on('GET /api/user/self', NOT_SIGNED_IN).on('POST /api/user/login', new Failure(401, 'Wrong username or password.'));
    render(<App />);
    await screen.findByRole('heading', { name: 'Sign in' });
    await userEvent.type(screen.getByLabelText('Username'), 'owner');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wrong username or password.'));
    expect(screen.queryByText('Your session ended; sign in again.')).toBeNull();
  });
});
