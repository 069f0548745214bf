import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../renderer/pages/LoginPage.js';
import { Failure, stubApi } from './helpers/fake-api.js';

const OWNER = { id: 1, username: 'owner', role: 100 };
const PENDING = { require_2fa: true, pending_token: '1.9999999999999.signature', expires_at: 9_999_999_999_999 };

async function passwordStep() {
  await userEvent.type(screen.getByLabelText('Username'), 'owner');
  await userEvent.type(screen.getByLabelText('Password'), 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-step verification' });
}

describe('LoginPage: the two-step code', () => {
  it('asks for the code after the password (focused), and signs in with the pending token and the code', async () => {
    const api = stubApi().on('POST /api/user/login', PENDING).on('POST /api/user/login/2fa', OWNER);
    const onSignedIn = vi.fn();
    render(<LoginPage status={null} onSignedIn={onSignedIn} />);
    await passwordStep();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), ' 123456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(OWNER));
    expect(api.calls[1]?.body).toEqual({ pending_token: PENDING.pending_token, code: '123456' });
  });

  it("shows a wrong code's message and lets the user try again", async () => {
    stubApi().on('POST /api/user/login', PENDING).on('POST /api/user/login/2fa', new Failure(403, 'Wrong code.'));
    render(<LoginPage status={null} onSignedIn={() => {}} />);
    await passwordStep();
    await userEvent.type(screen.getByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong code.');
    expect(screen.getByLabelText<HTMLInputElement>('Code').value).toBe('');
  });

  it('goes back to the password when the pending sign-in expired', async () => {
    stubApi().on('POST /api/user/login', PENDING).on('POST /api/user/login/2fa', new Failure(401, 'This sign-in expired: enter your username and password again.'));
    render(<LoginPage status={null} onSignedIn={() => {}} />);
    await passwordStep();
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByRole('alert').textContent).toContain('This sign-in expired');
  });
});
