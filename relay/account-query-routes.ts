import type { IncomingMessage } from 'node:http';
import type { Caller } from './auth/api-key.js';
import { budgetsLeft, type BudgetLeft } from './billing/period-budgets.js';
import { QUOTA_PER_USD } from './billing/pricing.js';
import { sendJson, sendRelayError } from './http/errors.js';
import { countedLimiter, createSlidingWindowLimiter } from './http/rate-limit.js';
import type { SharedRateLimiter } from './http/rate-limit.js';
import type { RelayRouteHandler } from './http/relay-router.js';
import { RelayError } from './ir/relay-error.js';
import { accountBalance, accountUsage, byApiKeyWithoutQuota, keyPricing } from './pipeline/account-queries.js';
import type { DayUsage, KeyPricing, QuotaStanding } from './pipeline/account-queries.js';
import { authorizeBeforeBody } from './pipeline/read-body.js';
import type { RelayDeps } from './pipeline/relay-deps.js';
import { callSettings } from './settings.js';

/** `/v1/usage`, `/v1/pricing` and `/v1/balance` together, per account (all its keys): interface.md's limit. */
export const ACCOUNT_QUERY_LIMIT = { limit: 30, windowMs: 60_000 };

const MAX_USAGE_DAYS = 90;
const DEFAULT_USAGE_DAYS = 30;

/** 500 000 quota = 1 USD; a quota unit is 0.000002 USD, so six decimals say it exactly. */
function usdOf(quota: number): number {
  return Number((quota / QUOTA_PER_USD).toFixed(6));
}

/** Quota and US dollars side by side. */
function amount(quota: number | null) {
  return quota === null ? null : { quota, usd: usdOf(quota) };
}

function standing(of: QuotaStanding) {
  return { requests: of.requests, granted: amount(of.granted), used: amount(of.used), held: amount(of.held), left: amount(of.left) };
}

/** Each spending cap of the key or account with what is left of it this period, in quota and USD. */
function budgets(found: BudgetLeft[]) {
  return found.map((b) => ({ period: b.period, limit: amount(b.limit), spent: amount(b.spent), left: amount(b.left), resets_at: new Date(b.resets_at).toISOString() }));
}

function daily(days: DayUsage[]) {
  return days.map((d) => ({ date: d.day, requests: d.requests, errors: d.errors, prompt_tokens: d.prompt_tokens, completion_tokens: d.completion_tokens, ...amount(d.quota) }));
}

/** The prices a caller pays, as /v1/pricing answers them (and the console's pricing page shows them). */
export function pricingAnswer(found: KeyPricing) {
  return {
    object: 'list' as const,
    group: found.group,
    group_ratio: found.groupRatio,
    unpriced_models: found.unpricedModels,
    data: found.models.map((m) => ({
      object: 'model.pricing' as const,
      model: m.model,
      source: m.source,
      prices: m.prices.map((p) => ({ unit: p.unit, per: p.per, quota: p.quota, usd: usdOf(p.quota) })),
      unit_prices: m.unitPrices,
      size_ratios: m.sizeRatios,
    })),
  };
}

function usageDays(req: IncomingMessage): number {
  const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
  const raw = query.get('days');
  if (raw === null) return DEFAULT_USAGE_DAYS;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > MAX_USAGE_DAYS) {
    throw new RelayError(400, 'invalid_request', `days must be a whole number from 1 to ${MAX_USAGE_DAYS}.`, 'invalid_value', 'days');
  }
  return days;
}


/**
 * The account's 30 queries a minute: a sliding window in this process (embedded), or a fixed
 * window counted in Redis, shared by every instance (server).
 */
function accountQueryLimiter(deps: RelayDeps): SharedRateLimiter {
  if (deps.store.mode === 'embedded') return createSlidingWindowLimiter(ACCOUNT_QUERY_LIMIT);
  return countedLimiter(deps.store.counters, 'account_query', () => ACCOUNT_QUERY_LIMIT);
}

/**
 * The account queries: the key is checked (401/403 as for a model call, though a key out of
 * quota may still ask), then the account's limit, then the query. Answers are JSON in the
 * OpenAI style (`object`, `data`), errors the OpenAI error object.
 */
export function accountQueryRoutes(deps: RelayDeps, limiter: SharedRateLimiter = accountQueryLimiter(deps)) {
  const route =
    (answer: (caller: Caller, req: IncomingMessage) => unknown): RelayRouteHandler =>
    async (req, res) => {
      try {
        const caller = authorizeBeforeBody(res, () => byApiKeyWithoutQuota(req, deps));
        const decision = await limiter.hit(`user:${caller.user.id}`);
        if (!decision.allowed) {
          const wait = decision.retryAfterSeconds;
          throw new RelayError(
            429,
            'rate_limit',
            `Too many account queries: /v1/usage, /v1/pricing and /v1/balance allow ${ACCOUNT_QUERY_LIMIT.limit} a minute for each account, all its keys together. Retry in ${wait} s.`,
            'rate_limit_exceeded',
            '',
            { 'Retry-After': String(wait) },
          );
        }
        sendJson(res, 200, await answer(caller, req));
      } catch (error) {
        if (error instanceof RelayError) return sendRelayError(res, error);
        deps.log.error(`account query ${req.method} ${req.url} failed (request id ${req.requestId}): ${(error as Error)?.stack ?? error}`);
        sendRelayError(res, new RelayError(500, 'internal', `Internal error in the relay (request id: ${req.requestId}).`, 'internal_error'));
      }
    };

  const usage = route(async (caller, req) => {
    const found = await accountUsage(caller, deps, usageDays(req));
    const zone = callSettings(deps.store.catalog).budget_time_zone;
    const [keyBudgets, accountBudgets] = await Promise.all([budgetsLeft(deps.store.quota, `k:${caller.token.id}`, caller.token.limits, zone), budgetsLeft(deps.store.quota, `u:${caller.user.id}`, caller.user.limits, zone)]);
    return {
      object: 'usage',
      start_date: found.days[0],
      end_date: found.days.at(-1),
      key: { id: found.key.id, name: found.key.name, unlimited: found.key.granted === null, ...standing(found.key), budgets: budgets(keyBudgets), daily: daily(found.key.daily) },
      account: { id: found.account.id, ...standing(found.account), budgets: budgets(accountBudgets), daily: daily(found.account.daily) },
    };
  });

  const pricing = route((caller) => pricingAnswer(keyPricing(caller, deps)));

  const balance = route(async (caller) => {
    const found = await accountBalance(caller, deps);
    return { object: 'balance', account_id: found.accountId, ...amount(found.quota) };
  });

  return { usage, pricing, balance };
}
