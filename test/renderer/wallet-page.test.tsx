import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import WalletPage from '../../renderer/pages/money/WalletPage.js';
import { Failure, stubApi } from './helpers/fake-api.js';
import { pageProps, ROLE, userOf } from './helpers/page-props.js';

const INVITATION = { aff_code: 'abc123', aff_count: 2, aff_quota: 300_000, aff_history_quota: 300_000, reward_quota: 150_000, min_transfer: 500_000 };
const EMPTY = { items: [], total: 0, page: 1, page_size: 10 };

function walletApi(providers: string[]) {
  return stubApi()
    .on('GET /api/user/self', userOf(ROLE.user, { quota: 2_500_000 }))
    .on('GET /api/user/aff', INVITATION)
    .on('GET /api/user/topup/self', EMPTY)
    .on('GET /api/user/topup/info', { providers, unit_price: 7.2, currency: 'cny', min_usd: 5 });
}

describe('wallet page', () => {
  it('says card top-up is not set up instead of offering it, and offers no transfer below the minimum', async () => {
    walletApi([]);
    render(<WalletPage {...pageProps(ROLE.user)} />);
    expect((await screen.findByTestId('card-off')).textContent).toMatch(/Card top-up is not set up on this relay/);
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
    expect(await screen.findByText('$5.00')).toBeTruthy();
    expect(screen.getByTestId('invitation-link').getAttribute('value')).toBe(`${window.location.origin}/register?aff=abc123`);
    expect(screen.getByText(/earns you \$0\.30 of invitation rewards/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move to balance' })).toBeNull();
  });

  it('shows the price in the payment currency, refuses an amount below the minimum before asking, and shows the relay\'s refusal', async () => {
    const api = walletApi(['stripe']).on('POST /api/user/stripe/pay', new Failure(502, 'stripe did not start the payment: card declined'));
    render(<WalletPage {...pageProps(ROLE.user)} />);
    const amount = await screen.findByLabelText('Amount (USD of quota)');
    await userEvent.type(amount, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(screen.getByText('At least 5 USD.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, '10');
    expect(screen.getByText(/You pay CN¥72\.00|You pay ¥72\.00/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByText('stripe did not start the payment: card declined')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 10 });
  });
});
