import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { disableKey, enableKey } from '../routing/channel-health.js';
import { meansKeyUnusable } from '../routing/failure-policy.js';
import { probeChannel, probeModel } from '../upstream/probe-channel.js';
import { storedSettings } from '../settings.js';
import { ChannelStatus } from '../store/channels.js';
import type { ChannelRecord } from '../store/schema.js';
import { channelCooldownFields } from './channel-cooldowns.js';
import { channelOr404, endpointDeps } from './channel-fields.js';
import { TestResultSchema } from './channel-schemas.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { TEST_ALL_KIND } from './task-kinds.js';
import { TaskViewSchema } from './tasks.js';

/** Channels tested at the same time by test-all. */
const TEST_ALL_CONCURRENCY = 4;

/** Testing channels with a real minimal call: one, or all of them as a background task. */
export function channelTestRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/channel/test/:id',
      tag: 'channel management',
      access: 'admin',
      summary: 'Test a channel with a real minimal call (chat with one output token; an embedding of "hi" for a channel serving embeddings but not chat; a rerank of one document, a moderation of "hi", a completion, or for audio the speech of "hi" or a transcription of half a second of silence, for a channel serving that family but neither chat nor embeddings, or for a model named for it (a reranker, tts-1, whisper-1…); images and video channels are tried with chat, as no test image or video costs less than cents); on success records its response time, ends its cooldown (and the tested key\'s), and re-enables it if the relay had disabled it',
      query: Type.Object({
        model: Type.Optional(Type.String({ description: 'A model the channel serves (mapped as for a call); default its test model, else its first model' })),
        key_index: Type.Optional(Type.Integer({ minimum: 0, description: 'The key to test (0-based); default the first enabled one' })),
      }),
      response: TestResultSchema,
      handler: async ({ params, query }) => {
        const channel = await channelOr404(context, params.id);
        if (query.key_index !== undefined && query.key_index >= channel.key_count) throw new ApiError(400, `The channel has ${channel.key_count} key(s): key_index 0 to ${channel.key_count - 1}.`);
        const result = await testChannel(context, channel, { model: query.model || undefined, keyIndex: query.key_index });
        return new Answer(result, result.ok ? `Works: answered in ${result.response_time} ms.` : `Failed: ${result.error}`);
      },
    }),
    route({
      method: 'post',
      path: '/channel/test_all',
      tag: 'channel management',
      access: 'admin',
      summary: 'Test every channel not disabled by hand, in the background: answers the task (see GET /api/task/{id} for its progress)',
      response: TaskViewSchema,
      handler: async ({ user }) => {
        const running = context.tasks.active(TEST_ALL_KIND);
        if (running) return new Answer(running, 'A test of every channel is already running.');
        const channels = (await context.store.channels.list()).filter((c) => c.status !== ChannelStatus.manuallyDisabled);
        const task = context.tasks.run(TEST_ALL_KIND, channels.length, user.id, async (progress) => {
          let passed = 0;
          let failed = 0;
          const queue = [...channels];
          const worker = async () => {
            for (let channel = queue.shift(); channel; channel = queue.shift()) {
              const current = await context.store.channels.get(channel.id);
              if (current) {
                const result = await testChannel(context, current, {}).catch((error: Error) => ({ ok: false, error: error.message }));
                if (result.ok) passed++;
                else failed++;
              }
              progress.advance();
            }
          };
          await Promise.all(Array.from({ length: TEST_ALL_CONCURRENCY }, worker));
          return `${passed} passed, ${failed} failed`;
        });
        return new Answer(task, `Testing ${channels.length} channel${channels.length === 1 ? '' : 's'} in the background.`);
      },
    }),
  ];
}

/**
 * One test: a minimal real call with one key. Success records the response time, ends the
 * cooldown of the channel and that key (it works: calls may use it again) and, with
 * `auto_enable_channel`, enables the key and the channel again if the relay had disabled
 * them; a key the upstream refuses (401/403, exhausted account) is disabled as a failed
 * call would disable it (`auto_disable_channel`), unless the channel is disabled by hand.
 */
export async function testChannel(context: ManagementContext, channel: ChannelRecord, options: { model?: string | undefined; keyIndex?: number | undefined }) {
  const keys = await context.store.channels.keys(channel.id);
  const keyIndex = options.keyIndex ?? defaultKeyIndex(channel);
  const key = keyIndex >= 0 ? (keys[keyIndex] ?? '') : '';
  const model = probeModel(channel, options.model);
  if (!model) throw new ApiError(400, 'The channel has no model to test with.');
  const outcome = await probeChannel(endpointDeps(context), channel, key, { model });
  const settings = await storedSettings(context.store);
  // The channel as it is now: the probe took a while, and calls or an administrator may have changed it.
  const current = (await context.store.channels.get(channel.id)) ?? channel;
  if (outcome.ok) {
    if (keyIndex >= 0) context.cooldowns.succeed(channel.id, keyIndex);
    await context.store.channels.update(channel.id, { response_time: outcome.elapsedMs });
    const keyDisabled = current.key_states[keyIndex]?.status === ChannelStatus.autoDisabled;
    if (settings.auto_enable_channel && (current.status === ChannelStatus.autoDisabled || keyDisabled)) await enableKey(context.store.channels, channel, keyIndex);
  } else if (
    meansKeyUnusable(outcome.status, outcome.error) &&
    settings.auto_disable_channel &&
    current.auto_ban &&
    current.status !== ChannelStatus.manuallyDisabled &&
    current.key_states[keyIndex]?.status === ChannelStatus.enabled
  ) {
    await disableKey(context.store.channels, channel, keyIndex, `test: ${outcome.status || 'no answer'} ${outcome.error}`, settings.key_recovery_seconds * 1000);
  }
  const after = (await context.store.channels.get(channel.id)) ?? channel;
  const now = Date.now();
  return {
    ok: outcome.ok,
    status_code: outcome.status,
    response_time: outcome.elapsedMs,
    model: outcome.model,
    family: outcome.family,
    key_index: keyIndex,
    error: outcome.error,
    channel_status: after.status,
    ...channelCooldownFields(context.cooldowns, after, now),
  };
}

/** The first enabled key, else the first the relay disabled, else the first; -1 with none. */
function defaultKeyIndex(channel: ChannelRecord): number {
  if (channel.key_count === 0) return -1;
  const states = channel.key_states.slice(0, channel.key_count);
  const enabled = states.findIndex((k) => k.status === ChannelStatus.enabled);
  if (enabled >= 0) return enabled;
  const auto = states.findIndex((k) => k.status === ChannelStatus.autoDisabled);
  return auto >= 0 ? auto : 0;
}
