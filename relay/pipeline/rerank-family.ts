import type { RelayRouteHandler } from '../http/relay-router.js';
import { RelayError } from '../ir/relay-error.js';
import type { RerankRequest, RerankScore } from '../ir/rerank.js';
import type { Usage } from '../ir/usage.js';
import type { RerankCodec } from '../protocols/types.js';
import { rerankAdapterFor } from '../providers/registry.js';
import type { RerankAdapter } from '../providers/types.js';
import { mapModel } from '../routing/select-channel.js';
import type { ChannelRecord } from '../store/schema.js';
import { callRoute } from './call-lifecycle.js';
import type { AttemptLimits, FamilyPipeline } from './call-lifecycle.js';
import type { RelayDeps } from './relay-deps.js';
import { failure, readWholeJson, sendUpstream, writeJson } from './send-upstream.js';
import type { AttemptOutcome, SendOptions } from './send-upstream.js';

/** Cohere's search unit: one query over up to this many documents… */
const DOCUMENTS_PER_SEARCH_UNIT = 100;
/** …where a document longer than this many tokens, query included, counts once per chunk. */
const CHUNK_TOKENS = 500;

/** Rerank on the one call lifecycle. */
export function rerankRoute(codec: RerankCodec, deps: RelayDeps): RelayRouteHandler {
  return callRoute(rerankFamily(codec), deps);
}

export function rerankFamily(codec: RerankCodec): FamilyPipeline<RerankRequest> {
  return {
    family: 'rerank',
    decode(raw, route, warnings) {
      const request = codec.decode(raw, route, warnings);
      return { model: request.model, stream: false, call: request };
    },
    estimate: (request) => ({ promptTokens: inputBytes(request), outputTokens: 0, choices: 1, units: { search_units: searchUnitsBound(request) } }),
    // A channel told to serve rerank whose kind has no rerank endpoint (Gemini, Azure…) is left out.
    refusal: (_request, channel) => (rerankAdapterFor(channel) ? undefined : noRerankEndpoint(channel)),
    prepare(request, target) {
      const { channel, endpoint } = target;
      const adapter = rerankAdapterFor(channel);
      if (!adapter) throw noRerankEndpoint(channel);
      const upstreamModel = mapModel(channel, request.model);
      const upstream = adapter.buildRerankRequest(request, endpoint.target(upstreamModel, channel.settings), target.warnings);
      upstream.headers = endpoint.headers(upstream.headers);
      return { upstreamModel, send: (limits) => sendRerank({ upstream, endpoint, parseError: adapter.parseError, ...limits }, adapter, codec, request) };
    },
    meter: async (request, answered) => answered.usage ?? billedUsage(request, undefined),
    encodeError: (error) => codec.encodeError(error),
  };
}

function noRerankEndpoint(channel: ChannelRecord): RelayError {
  return new RelayError(400, 'invalid_request', `The channel ${channel.name} has no rerank endpoint; an administrator should take rerank off its families.`, 'rerank_not_supported');
}

function sendRerank(options: SendOptions & AttemptLimits, adapter: RerankAdapter, codec: RerankCodec, request: RerankRequest): Promise<AttemptOutcome> {
  return sendUpstream(options, {
    streamed: false,
    async read(response) {
      const whole = await readWholeJson(options, response);
      if ('ok' in whole) return whole;
      const result = adapter.parseRerankResponse(whole.json);
      const scores = ranked(result.scores, request);
      // A 200 without a single score of ours is not a rerank answer (a wrong path, a proxy's page): try elsewhere.
      if (scores.length === 0) return failure(options, { status: 502, kind: 'upstream', message: `The upstream answered without rerank results: ${whole.text.slice(0, 200)}` }, 502, true);
      const usage = billedUsage(request, result.usage);
      writeJson(options.res, JSON.stringify(codec.encodeResponse({ ...result, scores }, request, usage)));
      return { ok: true, usage, outputText: '', firstByteMs: whole.firstByteMs, clientGone: false };
    },
  });
}

/** Best first (ties in document order), each document once, only the request's documents, at most `top_n`. */
export function ranked(scores: readonly RerankScore[], request: RerankRequest): RerankScore[] {
  const seen = new Set<number>();
  const valid = scores.filter(({ index }) => {
    if (index >= request.documents.length || seen.has(index)) return false;
    seen.add(index);
    return true;
  });
  valid.sort((a, b) => b.relevanceScore - a.relevanceScore || a.index - b.index);
  return request.topN === undefined ? valid : valid.slice(0, request.topN);
}

/**
 * What a rerank is billed: the upstream's tokens where it reported them, and its search units
 * (Cohere's), else the relay's count of them: one per query per 100 documents.
 */
export function billedUsage(request: RerankRequest, reported: Usage | undefined): Usage {
  const searchUnits = reported?.units?.search_units ?? Math.max(1, Math.ceil(request.documents.length / DOCUMENTS_PER_SEARCH_UNIT));
  const usage = reported ?? { inputTokens: 0, outputTokens: 0 };
  return { ...usage, units: { ...usage.units, search_units: searchUnits } };
}

/** A token is at least a byte: the query once per document, and the document (cut where the upstream cuts it). */
function inputBytes(request: RerankRequest): number {
  const query = Buffer.byteLength(request.query);
  return request.documents.reduce((sum, document) => sum + query + documentBytes(request, document.text), 0);
}

/** The most search units Cohere can bill: a long document counts once per chunk of its tokens (bounded by its bytes). */
function searchUnitsBound(request: RerankRequest): number {
  const query = Buffer.byteLength(request.query);
  const chunks = request.documents.reduce((sum, document) => sum + Math.max(1, Math.ceil((query + documentBytes(request, document.text)) / CHUNK_TOKENS)), 0);
  return Math.max(1, Math.ceil(chunks / DOCUMENTS_PER_SEARCH_UNIT));
}

function documentBytes(request: RerankRequest, text: string): number {
  return Math.min(Buffer.byteLength(text), request.maxTokensPerDoc ?? Infinity);
}
