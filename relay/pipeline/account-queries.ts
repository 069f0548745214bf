import { identifyApiKey, presentedApiKey } from '../auth/api-key.js';
import type { Caller } from '../auth/api-key.js';
import { quotaFor } from '../billing/quota-math.js';
import type { ModelPrice } from '../billing/pricing.js';
import { RelayError } from '../ir/relay-error.js';
import { BILLING_UNITS, emptyUsage } from '../ir/usage.js';
import type { BillingUnit, UnitCounts, Usage } from '../ir/usage.js';
import { callSettings } from '../settings.js';
import { groupRatioIn } from '../store/groups.js';
import { modelPriceIn, priceSourceIn } from '../store/models.js';
import { addMetrics, emptyMetrics } from '../store/stats/index.js';
import type { StatsMetrics } from '../store/stats/index.js';
import { modelsFor, type ModelAsker } from './model-lists.js';
import type { Authorize, RelayDeps } from './relay-deps.js';
import type { QuotaLedgerPort, QuotaUsage } from '../store/ports.js';

// What a key may learn about itself and its account (GET /v1/usage, /v1/pricing,
// /v1/balance), in quota units and without a wire shape: the routes render it.

const DAY_MS = 86_400_000;

/** Quota of a key or an account; `granted` and `left` are null for an unlimited key. */
export interface QuotaStanding {
  /** Used, held and left together. */
  granted: number | null;
  used: number;
  /** Reserved by calls in progress: charged or given back as they end. */
  held: number;
  left: number | null;
  /** Calls billed so far. */
  requests: number;
}

export interface DayUsage extends StatsMetrics {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
}

export interface AccountUsage {
  key: QuotaStanding & { id: number; name: string; daily: DayUsage[] };
  account: QuotaStanding & { id: number; daily: DayUsage[] };
  /** The days reported, oldest first (every day, with or without calls). */
  days: string[];
}

/** The caller's standing and use, at one instant where the ledger can say (the records may lag behind it). */
async function quotaUsage(quota: QuotaLedgerPort, { user, token }: Caller): Promise<QuotaUsage> {
  if (quota.usage) return quota.usage(user.id, token.id);
  const standing = await quota.standing(user.id, token.id);
  return { ...standing, userUsed: user.used_quota, userRequests: user.request_count, keyUsed: token.used_quota, keyRequests: token.request_count };
}

/** The key's and its account's quota, and their use per UTC day over the last `days` days (today included). */
export async function accountUsage(caller: Caller, deps: Pick<RelayDeps, 'store'>, days: number, now = Date.now()): Promise<AccountUsage> {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const start = today - (days - 1) * DAY_MS;
  const dayKeys = Array.from({ length: days }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
  const perDay = () => new Map(dayKeys.map((day) => [day, { day, ...emptyMetrics() }]));
  const account = perDay();
  const key = perDay();
  const { token, user } = caller;
  const [rows, standing] = await Promise.all([deps.store.stats.query({ user_id: user.id, start }), quotaUsage(deps.store.quota, caller)]);
  for (const row of rows) {
    const day = new Date(row.hour).toISOString().slice(0, 10);
    const inAccount = account.get(day);
    if (!inAccount) continue;
    addMetrics(inAccount, row);
    if (row.token_id === caller.token.id) addMetrics(key.get(day)!, row);
  }
  const { userHeld, keyHeld, userLeft } = standing;
  return {
    key: {
      id: token.id,
      name: token.name,
      granted: standing.keyLeft === null ? null : standing.keyLeft + keyHeld + standing.keyUsed,
      used: standing.keyUsed,
      held: keyHeld,
      left: standing.keyLeft,
      requests: standing.keyRequests,
      daily: [...key.values()],
    },
    account: {
      id: user.id,
      granted: userLeft + userHeld + standing.userUsed,
      used: standing.userUsed,
      held: userHeld,
      left: userLeft,
      requests: standing.userRequests,
      daily: [...account.values()],
    },
    days: dayKeys,
  };
}

/** What is priced: a token of a kind, or one of a unit of another kind (a call, a search unit, an image…). */
export type PriceUnit = 'input_token' | 'cached_input_token' | 'cache_write_input_token' | 'cache_write_1h_input_token' | 'output_token' | 'request' | 'search_unit' | 'image' | 'second' | 'character';

/** How each billing unit is listed: its name and how many of it are priced together (characters by the million, as tokens). */
const UNIT_LISTING: Record<BillingUnit, { unit: PriceUnit; per: number }> = {
  requests: { unit: 'request', per: 1 },
  search_units: { unit: 'search_unit', per: 1 },
  images: { unit: 'image', per: 1 },
  seconds: { unit: 'second', per: 1 },
  characters: { unit: 'character', per: 1_000_000 },
};

export interface ModelUnitPrices {
  model: string;
  /** Where the price comes from: the model's record, a built-in default, or nowhere (unpriced). */
  source: 'model' | 'default' | 'none';
  /** Quota for `per` units (a million tokens, one call, one search unit…). */
  prices: { unit: PriceUnit; per: number; quota: number }[];
  /** USD per one unit of each kind other than tokens, at the group's ratio (a fixed price per call is `requests`). */
  unitPrices: UnitCounts;
  /** Multiplier of the unit prices by output size; {} when no size costs more or less. */
  sizeRatios: Record<string, number>;
}

export interface KeyPricing {
  group: string;
  groupRatio: number;
  /** What a call of an unpriced model does: free, or refused. */
  unpricedModels: 'free' | 'reject';
  models: ModelUnitPrices[];
}

/** The unit prices of every model the key (or user) may use, as its group pays them (relay/billing/quota-math.ts). */
export function keyPricing(caller: ModelAsker, deps: Pick<RelayDeps, 'store'>): KeyPricing {
  const { catalog } = deps.store;
  const records = catalog.models();
  const ratio = groupRatioIn(catalog.groups(), caller.group);
  const models = modelsFor(caller, catalog).map((model) => {
    const price = modelPriceIn(records, model);
    const listed = price ? { prices: listedPrices(price, ratio), unitPrices: usdPerUnit(price, ratio), sizeRatios: { ...price.sizeRatios } } : { prices: [], unitPrices: {}, sizeRatios: {} };
    return { model, source: priceSourceIn(records, model), ...listed };
  });
  return { group: caller.group, groupRatio: ratio, unpricedModels: callSettings(catalog).unpriced_model_policy, models };
}

const MILLION = 1_000_000;

/** Priced as a call is billed (relay/billing/quota-math.ts): a million tokens of each kind, each unit the price names, or one call. */
function listedPrices(price: ModelPrice, ratio: number): ModelUnitPrices['prices'] {
  if (price.pricePerCall !== undefined) return [{ unit: 'request', per: 1, quota: quotaFor(emptyUsage(), price, ratio) }];
  const tokens = (unit: PriceUnit, usage: Usage) => ({ unit, per: MILLION, quota: quotaFor(usage, price, ratio) });
  const units = BILLING_UNITS.filter((kind) => price.unitPrices?.[kind] !== undefined).map((kind) => {
    const { unit, per } = UNIT_LISTING[kind];
    return { unit, per, quota: quotaFor({ inputTokens: 0, outputTokens: 0, units: { [kind]: per } }, price, ratio) };
  });
  return [
    tokens('input_token', { inputTokens: MILLION, outputTokens: 0 }),
    tokens('cached_input_token', { inputTokens: MILLION, cachedInputTokens: MILLION, outputTokens: 0 }),
    tokens('cache_write_input_token', { inputTokens: MILLION, cacheWriteInputTokens: MILLION, outputTokens: 0 }),
    // 1-hour cache writes (Anthropic's), listed for a price that sets a cache write ratio.
    ...(price.cacheWriteRatio === undefined ? [] : [tokens('cache_write_1h_input_token', { inputTokens: MILLION, cacheWriteInputTokens: MILLION, cacheWrite1hInputTokens: MILLION, outputTokens: 0 })]),
    tokens('output_token', { inputTokens: 0, outputTokens: MILLION }),
    ...units,
  ];
}

/** USD per unit at the group's ratio, unrounded (quota would round a small price away). */
function usdPerUnit(price: ModelPrice, ratio: number): UnitCounts {
  const atRatio = (usd: number) => Number((usd * ratio).toPrecision(12));
  if (price.pricePerCall !== undefined) return { requests: atRatio(price.pricePerCall) };
  const out: UnitCounts = {};
  for (const kind of BILLING_UNITS) {
    const usd = price.unitPrices?.[kind];
    if (usd !== undefined) out[kind] = atRatio(usd);
  }
  return out;
}

/** The account's balance (what the quota ledger says is left), for a key its owner allowed to read it. */
export async function accountBalance(caller: Caller, deps: Pick<RelayDeps, 'store'>): Promise<{ accountId: number; quota: number }> {
  if (!caller.token.allow_balance) {
    throw new RelayError(
      403,
      'permission',
      "This API key may not read the account's balance: enable Balance queries for this key in the console's API keys page (edit the key).",
      'balance_not_allowed',
    );
  }
  return { accountId: caller.user.id, quota: (await deps.store.quota.standing(caller.user.id, caller.token.id)).userLeft };
}

/** Account queries and refused families spend nothing: a key that ran out of quota may still ask. */
export const byApiKeyWithoutQuota: Authorize = (req, deps) => identifyApiKey(presentedApiKey(req), req.socket.remoteAddress ?? '', deps.store.catalog);
