// What the signed-in user's calls cost: the models they may call, priced for a group they may use.
import { api } from './client.js';
import type { ApiData } from './client.js';

export type Pricing = ApiData<'/api/pricing', 'get'>;
export type ModelPricing = Pricing['data'][number];

/** Prices for `group` (a group the user may use), or for their own group. */
export function getPricing(group?: string): Promise<Pricing> {
  return api.get('/api/pricing', { query: group ? { group } : {} });
}
