import { request as undiciRequest } from 'undici';
import type { AppLogger } from '../management/context.js';
import { DEFAULT_BASE_URLS, adapterFor } from '../providers/registry.js';
import { readSettings } from '../settings.js';
import { ChannelStatus } from '../store/channels.js';
import type { ChannelStore } from '../store/channels.js';
import type { ChannelRecord } from '../store/schema.js';
import type { StateFile } from '../store/state-file.js';
import type { Dispatchers } from '../upstream/dispatchers.js';
import { disableKey, enableKey } from './channel-health.js';

/**
 * Brings automatically disabled keys back: once a key's cool-down has passed, a minimal
 * real call (one output token) is made with it; success enables the key (and its channel),
 * failure doubles the cool-down. Keys disabled by hand are left alone.
 */
export function startKeyRecovery(deps: {
  state: StateFile;
  channels: ChannelStore;
  dispatchers: Dispatchers;
  log: AppLogger;
  intervalMs?: number;
}): { stop(): void; runOnce(now?: number): Promise<void> } {
  let running = false;
  const runOnce = async (now = Date.now()) => {
    if (running) return;
    running = true;
    try {
      for (const channel of deps.channels.list()) {
        if (channel.status === ChannelStatus.manuallyDisabled) continue;
        for (let index = 0; index < channel.key_states.length; index++) {
          const state = channel.key_states[index]!;
          if (state.status === ChannelStatus.autoDisabled && state.retry_at <= now) await probe(channel, index, now);
        }
      }
    } finally {
      running = false;
    }
  };

  const probe = async (channel: ChannelRecord, index: number, now: number) => {
    const key = (await deps.channels.keys(channel.id))[index];
    if (key === undefined) return;
    const model = channel.test_model || channel.model_mapping[channel.models[0] ?? ''] || channel.models[0] || '';
    const { request } = adapterFor(channel).buildChatRequest(
      { model, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], stream: false, maxOutputTokens: 1 },
      { baseUrl: channel.base_url || DEFAULT_BASE_URLS[channel.type] || '', apiKey: key, model, settings: channel.settings },
    );
    for (const [name, value] of Object.entries(channel.header_override)) request.headers[name.toLowerCase()] = value.replaceAll('{api_key}', key);
    let status = 0;
    let detail = '';
    try {
      const response = await undiciRequest(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        dispatcher: deps.dispatchers.for(await deps.channels.proxyUrl(channel)),
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
      status = response.statusCode;
      detail = (await response.body.text()).slice(0, 200);
    } catch (error) {
      detail = (error as Error).message;
    }
    if (status >= 200 && status < 300) {
      await enableKey(deps.channels, channel, index);
      deps.log.info(`channel ${channel.id} (${channel.name}): key ${index + 1} works again and is enabled`);
    } else {
      await disableKey(deps.channels, channel, index, `recovery probe: ${status || 'no answer'} ${detail}`, readSettings(deps.state).key_recovery_seconds * 1000, now);
    }
  };

  const timer = setInterval(() => void runOnce(), deps.intervalMs ?? 15_000);
  timer.unref();
  return { stop: () => clearInterval(timer), runOnce };
}
