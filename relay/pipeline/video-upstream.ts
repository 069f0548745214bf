import { request as undiciRequest } from 'undici';
import type { Dispatcher } from 'undici';
import { RelayError } from '../ir/relay-error.js';
import type { RelayErrorInfo } from '../ir/relay-error.js';
import { videoAdapterFor } from '../providers/registry.js';
import type { VideoAdapter } from '../providers/types.js';
import type { VideoTaskRecord } from '../store/schema.js';
import { channelEndpoint } from '../upstream/channel-endpoint.js';
import type { ChannelEndpoint } from '../upstream/channel-endpoint.js';
import type { RelayDeps } from './relay-deps.js';
import { connectionError, redacted } from './send-upstream.js';

/** A task's upstream job reached again: through the channel, and with the key, that created it. */
export interface TaskUpstream {
  endpoint: ChannelEndpoint;
  adapter: VideoAdapter;
}

export type TaskUpstreamDeps = Pick<RelayDeps, 'store' | 'dispatchers'>;

/** Undefined when the channel is gone, no longer has that key, or no longer speaks a video API. */
export async function taskUpstream(task: VideoTaskRecord, deps: TaskUpstreamDeps): Promise<TaskUpstream | undefined> {
  const { catalog } = deps.store;
  const channel = catalog.channel(task.channel_id);
  const adapter = channel && videoAdapterFor(channel);
  if (!channel || !adapter) return undefined;
  const key = (await catalog.channelKeys(channel.id))[task.key_index];
  if (key === undefined) return undefined;
  return { endpoint: await channelEndpoint(channel, key, { channels: catalog, dispatchers: deps.dispatchers }), adapter };
}

/** An answer to one of a job's requests: the upstream's, or why it failed (its own message, key redacted). */
export type JobAnswer = { ok: true; response: Dispatcher.ResponseData } | { ok: false; error: RelayErrorInfo };

/**
 * Sends a request about an existing job (its status, its file, its deletion). A status of 400
 * or more comes back as the upstream's error; `timeoutMs` bounds the wait for the headers and
 * every pause in the body.
 */
export async function sendJobRequest(upstream: TaskUpstream, action: 'status' | 'content' | 'delete', task: VideoTaskRecord, options: { timeoutMs: number; signal?: AbortSignal; variant?: string }): Promise<JobAnswer> {
  const { endpoint, adapter } = upstream;
  const request = adapter.buildJobRequest(action, task.upstream_id, endpoint.target(task.upstream_model, {}), options.variant);
  let response: Dispatcher.ResponseData;
  try {
    response = await undiciRequest(request.url, {
      method: request.method ?? 'GET',
      headers: endpoint.headers(request.headers),
      dispatcher: endpoint.dispatcher,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    return { ok: false, error: connectionError(error) };
  }
  if (response.statusCode < 400) return { ok: true, response };
  const text = await response.body.text().catch(() => '');
  return { ok: false, error: redacted({ endpoint }, adapter.parseError(response.statusCode, text)) };
}

/** The job answer's JSON, or a 502 when it is none. */
export async function jobJson(response: Dispatcher.ResponseData): Promise<unknown> {
  const text = await response.body.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new RelayError(502, 'upstream', `The upstream answered something that is not JSON: ${text.slice(0, 200)}`, 'bad_upstream_answer');
  }
}
