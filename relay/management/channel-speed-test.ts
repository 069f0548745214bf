import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { DiscoveryError, discoverModels } from '../upstream/discover-models.js';
import type { ManagementContext } from './context.js';
import { discoveryTarget, FetchModelsBody } from './fetch-models.js';
import { Answer, route } from './route.js';

/** The most base URLs one test compares, and the rounds timed at each. */
const MAX_URLS = 10;
const MAX_ROUNDS = 5;
/** One request's longest wait: a slow endpoint is reported as such, not waited for. */
const REQUEST_TIMEOUT_MS = 10_000;

const SpeedTestBody = Type.Composite([
  Type.Omit(FetchModelsBody, ['base_url']),
  Type.Object({
    base_urls: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 1, maxItems: MAX_URLS, description: 'The candidate base URLs (http:// or https://)' }),
    rounds: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ROUNDS, description: 'Requests timed at each URL, one after another; default 3' })),
  }),
]);

const SpeedResult = Type.Object({
  base_url: Type.String(),
  ok: Type.Boolean({ description: 'Every round answered with a model list' }),
  status: Type.Integer({ description: "The last round's HTTP status (0: no answer: refused, timed out, unreachable)" }),
  ms: Type.Union([Type.Integer(), Type.Null()], { description: 'Median time of the rounds that got an HTTP answer, whatever its status (ms); null when none did' }),
  rounds: Type.Array(Type.Object({ status: Type.Integer(), ms: Type.Integer() })),
  error: Type.String({ description: "The last failed round's reason ('' when none failed); never the key" }),
});

/**
 * Endpoint speed test: the same small request (the channel type's model list, with the
 * channel's or the given key, headers and proxy) timed at each candidate base URL, so an
 * administrator can pick the fastest mirror or region before saving it.
 */
export function channelSpeedTestRoutes(context: ManagementContext) {
  return [
    route({
      method: 'post',
      path: '/channel/speed_test',
      tag: 'channel management',
      access: 'admin',
      summary: "Time a small request (the type's model list) at several candidate base URLs of a new or saved channel: each URL's status and median ms, fastest first; nothing is saved",
      body: SpeedTestBody,
      response: Type.Array(SpeedResult),
      audit: false,
      handler: async ({ body }) => {
        const urls = [...new Set(body.base_urls.map((url) => url.trim().replace(/\/+$/, '')))];
        const bad = urls.find((url) => !/^https?:\/\/[^\s]+$/i.test(url));
        if (bad !== undefined) throw new ApiError(400, `Every base URL must start with http:// or https:// (${bad.slice(0, 100)} does not).`);
        const resolved = await discoveryTarget(context, { ...body, base_url: urls[0]! });
        const rounds = body.rounds ?? 3;
        const results = await Promise.all(urls.map((url) => timeUrl(() => discoverModels({ ...resolved.at(url), timeoutMs: REQUEST_TIMEOUT_MS }), url, rounds)));
        const ranked = results.sort((a, b) => (a.ms ?? Infinity) - (b.ms ?? Infinity));
        const fastest = ranked[0];
        return new Answer(ranked, fastest?.ms == null ? 'No base URL answered.' : `Fastest: ${fastest.base_url} (${fastest.ms} ms).`);
      },
    }),
  ];
}

async function timeUrl(request: () => Promise<unknown>, baseUrl: string, count: number) {
  const rounds: Array<{ status: number; ms: number }> = [];
  let error = '';
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    let status = 200;
    try {
      await request();
    } catch (failed) {
      status = failed instanceof DiscoveryError ? failed.upstreamStatus : 0;
      error = failed instanceof DiscoveryError ? failed.message : 'The request failed.';
    }
    rounds.push({ status, ms: Math.round(performance.now() - started) });
  }
  // Any HTTP answer (a 401 too) measures the endpoint's speed; `ok` says whether it also served.
  const answered = rounds.filter((r) => r.status !== 0).map((r) => r.ms).sort((a, b) => a - b);
  return {
    base_url: baseUrl,
    ok: rounds.every((r) => r.status === 200),
    status: rounds.at(-1)!.status,
    ms: answered.length ? answered[Math.floor((answered.length - 1) / 2)]! : null,
    rounds,
    error,
  };
}
