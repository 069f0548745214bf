import type { IncomingMessage } from 'node:http';
import type { Caller } from '../auth/api-key.js';
import type { ModelPrice } from '../billing/pricing.js';
import type { CallFamily } from '../ir/call-family.js';
import type { Usage } from '../ir/usage.js';
import { billedInputTokens, cacheWriteRatios, sizeRatio } from '../billing/quota-math.js';
import { LogType } from '../store/logs/index.js';
import type { EncodedLogRecord, NewLogRecord, RetryAttempt } from '../store/logs/index.js';
import type { StoragePorts } from '../store/ports.js';
import type { ChannelRecord } from '../store/schema.js';
import type { AffinityOutcome } from './session-affinity.js';

/** What the pipeline learns about a call as it goes, for its log record. */
export interface CallLog {
  family: CallFamily;
  model: string;
  upstreamModel: string;
  channel: ChannelRecord | undefined;
  chain: RetryAttempt[];
  stream: boolean;
  warnings: string[];
  /** How a served call of a coding-agent session stood to its prompt-cache affinity, and the channel key (0-based) that served it; none: no session. */
  affinity?: { outcome: AffinityOutcome; keyIndex: number };
}

export interface CallOutcome {
  type: number;
  usage: Usage | undefined;
  cost: number;
  firstByteMs: number;
  totalMs: number;
  price: ModelPrice | undefined;
  groupRatio?: number;
  error: string;
}

/**
 * What a call's log record says about who called with which model, whatever the outcome;
 * kept with its reservation, so that a call the relay never finished can still be logged.
 */
export function callIdentity(req: IncomingMessage, caller: Caller, call: CallLog): NewLogRecord {
  return {
    type: LogType.error,
    created_at: Date.now(),
    user_id: caller.user.id,
    username: caller.user.username,
    token_id: caller.token.id,
    token_name: caller.token.name,
    model: call.model,
    family: call.family,
    group: caller.group,
    is_stream: call.stream,
    ip: req.socket.remoteAddress ?? '',
    request_id: req.requestId,
  };
}

/**
 * The call's one record in the request log (never a key or the prompt). Built on every call:
 * its own fields written first and the identity spread after (V8 builds `{ ...a, b, c }`
 * several times slower, making new object maps each time), the type set last.
 */
export function callLogRecord(req: IncomingMessage, caller: Caller, call: CallLog, outcome: CallOutcome): NewLogRecord {
  const { usage } = outcome;
  const consumed = outcome.type === LogType.consume;
  const other: Record<string, unknown> = consumed && outcome.price ? pricingFacts(outcome.price, outcome.groupRatio ?? 1, usage) : {};
  if (call.warnings.length > 0) other.warnings = call.warnings;
  if (usage?.estimated) other.usage_estimated = true;
  if (call.affinity) other.affinity = { outcome: call.affinity.outcome, key: call.affinity.keyIndex + 1 };
  if (consumed && !outcome.price) other.unpriced = true;
  const record: NewLogRecord = {
    upstream_model: call.upstreamModel,
    channel_id: call.channel?.id ?? 0,
    channel_name: call.channel?.name ?? '',
    prompt_tokens: usage?.inputTokens ?? 0,
    completion_tokens: usage?.outputTokens ?? 0,
    cached_tokens: usage?.cachedInputTokens ?? 0,
    reasoning_tokens: usage?.reasoningTokens ?? 0,
    units: usage?.units ?? {},
    quota: outcome.cost,
    first_byte_ms: Math.round(outcome.firstByteMs),
    total_ms: Math.round(outcome.totalMs),
    retry_chain: call.chain,
    error: outcome.error,
    other,
    ...callIdentity(req, caller, call),
  };
  record.type = outcome.type;
  return record;
}

/** Appends the record of a call that reserved nothing to the request log and its hourly statistics (the quota ledger logs the others as it closes them). */
export function appendCallLog(store: Pick<StoragePorts, 'logs' | 'stats'>, record: EncodedLogRecord): void {
  store.stats.record(store.logs.appendEncoded(record));
}

/**
 * The price a consume record was charged at, so the console can show its bill line by line:
 * the ratios of relay/billing/quota-math.ts under the names the established relays log them,
 * and the USD per unit of each kind other than tokens (`unit_prices`).
 */
function pricingFacts(price: ModelPrice, ratio: number, usage: Usage | undefined): Record<string, unknown> {
  if (price.pricePerCall !== undefined) return { model_price: price.pricePerCall, group_ratio: ratio };
  const facts: Record<string, unknown> = {
    model_ratio: price.modelRatio ?? 0,
    completion_ratio: price.completionRatio ?? 1,
    cache_ratio: price.cacheRatio ?? 1,
    group_ratio: ratio,
  };
  const { written, writtenForAnHour } = usage ? billedInputTokens(usage) : { written: 0, writtenForAnHour: 0 };
  if (written > 0) {
    const ratios = cacheWriteRatios(price);
    facts.cache_creation_tokens = written;
    facts.cache_creation_ratio = ratios.fiveMinutes;
    // The part written for an hour, at its own ratio (the rest is written for 5 minutes).
    if (writtenForAnHour > 0) Object.assign(facts, { cache_creation_tokens_1h: writtenForAnHour, cache_creation_ratio_1h: ratios.oneHour });
  }
  if (price.unitPrices && hasKeys(price.unitPrices)) facts.unit_prices = { ...price.unitPrices };
  const bySize = sizeRatio(price, usage?.size);
  if (bySize !== 1) Object.assign(facts, { size: usage?.size, size_ratio: bySize });
  return facts;
}

function hasKeys(object: object): boolean {
  for (const _ in object) return true;
  return false;
}
