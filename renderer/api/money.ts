// Money: the wallet (redeem a code, pay by card, invitation rewards, top-up history), and the
// administrator's redemption codes and top-ups.
import { api } from './client.js';
import type { ApiBody, ApiData, ApiQuery } from './client.js';
import type { Paged } from './tokens.js';

export type TopUpView = ApiData<'/api/user/topup/self', 'get'>['items'][number];
export type TopUpInfo = ApiData<'/api/user/topup/info', 'get'>;
export type CardPayment = ApiData<'/api/user/{provider}/pay', 'post'>;
export type Invitation = ApiData<'/api/user/aff', 'get'>;
export type RedemptionView = ApiData<'/api/redemption/{id}', 'get'>;
export type NewRedemptions = ApiBody<'/api/redemption', 'post'>;
export type TopUpFilter = Pick<ApiQuery<'/api/user/topup', 'get'>, 'status' | 'source'>;
export type TopUpStatus = NonNullable<TopUpFilter['status']>;
export type TopUpSource = NonNullable<TopUpFilter['source']>;

/** Redemption code statuses, as the relay numbers them. */
export const RedemptionStatus = { enabled: 1, disabled: 2, used: 3 } as const;

// The wallet --------------------------------------------------------------------------------

/** Redeems a code; answers the quota added. */
export function redeemCode(key: string): Promise<number> {
  return api.post('/api/user/topup', { key: key.trim() });
}

export function getTopUpInfo(): Promise<TopUpInfo> {
  return api.get('/api/user/topup/info');
}

/** Starts a card payment for `usd` of quota: answers the provider's page to pay on. */
export function payByCard(usd: number, provider = 'stripe'): Promise<CardPayment> {
  return api.post('/api/user/{provider}/pay', { amount: usd }, { params: { provider } });
}

export function getInvitation(): Promise<Invitation> {
  return api.get('/api/user/aff');
}

/** Moves invitation rewards into the quota; answers both after it. */
export function transferInvitation(quota: number): Promise<ApiData<'/api/user/aff_transfer', 'post'>> {
  return api.post('/api/user/aff_transfer', { quota });
}

export function listOwnTopUps(page: number, pageSize: number): Promise<Paged<TopUpView>> {
  return api.get('/api/user/topup/self', { query: { p: page, page_size: pageSize } });
}

// Administrators ---------------------------------------------------------------------------

export function listRedemptions(page: number, pageSize: number, keyword = ''): Promise<Paged<RedemptionView>> {
  const text = keyword.trim();
  if (text === '') return api.get('/api/redemption', { query: { p: page, page_size: pageSize } });
  return api.get('/api/redemption/search', { query: { p: page, page_size: pageSize, keyword: text } });
}

/** Makes codes: answers them, shown this once. */
export function createRedemptions(body: NewRedemptions): Promise<string[]> {
  return api.post('/api/redemption', body);
}

export function setRedemptionEnabled(id: number, enabled: boolean): Promise<RedemptionView> {
  return api.put('/api/redemption', { id, status: enabled ? RedemptionStatus.enabled : RedemptionStatus.disabled });
}

export async function deleteRedemption(id: number): Promise<void> {
  await api.delete('/api/redemption/{id}', { params: { id } });
}

/** Deletes every used or expired code; answers how many. */
export function deleteSpentRedemptions(): Promise<number> {
  return api.delete('/api/redemption/invalid');
}

export function listTopUps(page: number, pageSize: number, filter: TopUpFilter = {}): Promise<Paged<TopUpView>> {
  return api.get('/api/user/topup', { query: { p: page, page_size: pageSize, ...filter } });
}

/** Completes a pending payment by hand (credited once), with the reason. */
export function completeTopUp(id: number, note: string): Promise<TopUpView> {
  return api.post('/api/user/topup/complete', { id, note: note.trim() });
}
