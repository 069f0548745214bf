import { request as undiciRequest } from 'undici';
import type { Dispatcher } from 'undici';
import { ApiError } from '../http/errors.js';
import { joinV1 } from '../providers/openai-chat/adapter.js';
import { BALANCE_SOURCES } from '../providers/channel-facts.js';
import { ChannelStatus } from '../store/channels.js';
import { channelEndpoint } from '../upstream/channel-endpoint.js';
import { channelOr404, endpointDeps } from './channel-fields.js';
import { BalanceSchema } from './channel-schemas.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';

/**
 * DeepSeek reports CNY-only accounts in CNY; the channel's balance is kept in USD, so such
 * a balance is converted at this fixed, approximate rate (the answer carries the CNY figure).
 */
const CNY_PER_USD = 7.2;

interface BalanceReading {
  balance: number;
  currencies: { currency: string; amount: number }[];
}

/** The upstream account balance of a channel, read from the upstream's billing endpoint. */
export function channelBalanceRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/channel/update_balance/:id',
      tag: 'channel management',
      access: 'admin',
      summary: "Read a channel's balance from its upstream (OpenAI-style billing, OpenRouter, DeepSeek) and store it (USD)",
      response: BalanceSchema,
      handler: async ({ params }) => {
        const channel = await channelOr404(context, params.id);
        const source = BALANCE_SOURCES[channel.type];
        if (!source) throw new ApiError(400, `Balance queries are not supported for this channel's type (${channel.type}): only OpenAI-compatible (1, 8), OpenRouter (20) and DeepSeek (43) channels.`);
        const keys = await context.store.channels.keys(channel.id);
        const enabled = channel.key_states.findIndex((k) => k.status === ChannelStatus.enabled);
        const key = keys[Math.max(0, enabled)];
        if (!key) throw new ApiError(400, 'The channel has no key to read its balance with.');
        const endpoint = await channelEndpoint(channel, key, endpointDeps(context));
        const upstream: Upstream = {
          base: endpoint.baseUrl,
          headers: endpoint.headers({ authorization: `Bearer ${key}`, accept: 'application/json' }),
          dispatcher: endpoint.dispatcher,
        };
        let reading: BalanceReading;
        try {
          reading = source === 'openai' ? await openaiBalance(upstream) : source === 'openrouter' ? await openrouterBalance(upstream) : await deepseekBalance(upstream);
        } catch (error) {
          // The upstream's own message may echo the key (or a header override's secret).
          if (error instanceof ApiError) throw new ApiError(error.status, endpoint.redact(error.message), error.headers);
          throw error;
        }
        const balance = Math.round(reading.balance * 1e6) / 1e6;
        await context.store.channels.update(channel.id, { balance, balance_updated_at: Date.now() });
        return new Answer({ balance, source, currencies: reading.currencies }, `Balance: ${balance.toFixed(2)} USD.`);
      },
    }),
  ];
}

interface Upstream {
  base: string;
  headers: Record<string, string>;
  dispatcher: Dispatcher;
}

/** GET a JSON document; an error answer (or none) is a 502 naming what the upstream said. */
async function getJson(upstream: Upstream, url: string): Promise<{ status: number; body: any }> {
  let status: number;
  let text: string;
  try {
    const response = await undiciRequest(url, { method: 'GET', headers: upstream.headers, dispatcher: upstream.dispatcher, headersTimeout: 15_000, bodyTimeout: 15_000 });
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    throw new ApiError(502, `The upstream did not answer the balance query: ${(error as Error).message}`);
  }
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status, body: body ?? text };
}

function upstreamFailure(what: string, answer: { status: number; body: any }): ApiError {
  const message = typeof answer.body === 'object' ? (answer.body?.error?.message ?? answer.body?.message ?? JSON.stringify(answer.body)) : String(answer.body);
  return new ApiError(502, `The upstream refused the ${what} query (${answer.status}): ${String(message).slice(0, 200)}`);
}

function numberAt(value: unknown, what: string): number {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw new ApiError(502, `The upstream's balance answer has no ${what}.`);
  return number;
}

/** `{base}/v1/dashboard/billing/subscription` (the limit) minus `…/usage` (cents used). */
async function openaiBalance(upstream: Upstream): Promise<BalanceReading> {
  const subscription = await getJson(upstream, joinV1(upstream.base, 'dashboard/billing/subscription'));
  if (subscription.status === 404) throw new ApiError(400, 'This upstream has no billing endpoint (dashboard/billing/subscription): its balance cannot be read.');
  if (subscription.status < 200 || subscription.status >= 300) throw upstreamFailure('subscription', subscription);
  const limit = numberAt(subscription.body?.hard_limit_usd, 'hard_limit_usd');
  const now = new Date();
  // Accounts that pay as they go are billed per month; prepaid ones over their credit's life.
  const start = subscription.body?.has_payment_method ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) : new Date(now.getTime() - 100 * 86_400_000);
  const end = new Date(now.getTime() + 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const usage = await getJson(upstream, `${joinV1(upstream.base, 'dashboard/billing/usage')}?start_date=${day(start)}&end_date=${day(end)}`);
  if (usage.status < 200 || usage.status >= 300) throw upstreamFailure('usage', usage);
  const balance = limit - numberAt(usage.body?.total_usage, 'total_usage') / 100;
  return { balance, currencies: [{ currency: 'USD', amount: balance }] };
}

/** `/api/v1/credits` (purchased minus used), else the key's own limit (`/api/v1/key`). */
async function openrouterBalance(upstream: Upstream): Promise<BalanceReading> {
  const base = upstream.base.replace(/\/v1$/, '');
  const api = base.endsWith('/api') ? base : `${base}/api`;
  const credits = await getJson(upstream, `${api}/v1/credits`);
  if (credits.status >= 200 && credits.status < 300) {
    const balance = numberAt(credits.body?.data?.total_credits, 'total_credits') - numberAt(credits.body?.data?.total_usage ?? 0, 'total_usage');
    return { balance, currencies: [{ currency: 'USD', amount: balance }] };
  }
  const key = await getJson(upstream, `${api}/v1/key`);
  if (key.status < 200 || key.status >= 300) throw upstreamFailure('credits', credits.status === 404 ? key : credits);
  const data = key.body?.data ?? {};
  if (typeof data.limit_remaining === 'number') return { balance: data.limit_remaining, currencies: [{ currency: 'USD', amount: data.limit_remaining }] };
  if (typeof data.limit === 'number') {
    const balance = data.limit - numberAt(data.usage ?? 0, 'usage');
    return { balance, currencies: [{ currency: 'USD', amount: balance }] };
  }
  throw new ApiError(502, 'The account credits cannot be read with this key, and the key itself has no credit limit.');
}

/** `{base}/user/balance`: balances per currency; USD if the account has it, else CNY converted. */
async function deepseekBalance(upstream: Upstream): Promise<BalanceReading> {
  const answer = await getJson(upstream, `${upstream.base.replace(/\/v1$/, '')}/user/balance`);
  if (answer.status < 200 || answer.status >= 300) throw upstreamFailure('balance', answer);
  const infos: unknown[] = Array.isArray(answer.body?.balance_infos) ? answer.body.balance_infos : [];
  const currencies = infos.map((info) => {
    const entry = info as { currency?: unknown; total_balance?: unknown };
    return { currency: String(entry.currency ?? ''), amount: numberAt(entry.total_balance, 'total_balance') };
  });
  const usd = currencies.find((c) => c.currency === 'USD');
  if (usd) return { balance: usd.amount, currencies };
  const cny = currencies.find((c) => c.currency === 'CNY');
  if (cny) return { balance: cny.amount / CNY_PER_USD, currencies };
  throw new ApiError(502, 'The upstream reported no balance in USD or CNY.');
}
