import type { FakeUpstream } from '../fake-upstreams/harness.js';
import type { RelayOptions } from '../../relay/index.js';
import { ApiClient, setupAndLogin, startTestRelay } from './relay.js';
import type { TestRelay } from './relay.js';

export interface Gateway {
  relay: TestRelay;
  admin: ApiClient;
  /** An API key of the owner. */
  key: string;
}

export interface ChannelSpec {
  type: number;
  upstream: FakeUpstream;
  models: string[];
  key?: string;
  name?: string;
  priority?: number;
  weight?: number;
  model_mapping?: Record<string, string>;
  extra?: Record<string, unknown>;
}

/** A relay with an owner, the given channels, and one API key. */
export async function startGateway(channels: ChannelSpec[], token: Record<string, unknown> = {}, options: Partial<RelayOptions> = {}): Promise<Gateway> {
  const relay = await startTestRelay(options);
  const admin = await setupAndLogin(relay);
  for (const channel of channels) await addChannel(admin, channel);
  const created = await admin.call('POST', '/api/token/', { name: 'test key', unlimited_quota: true, ...token });
  if (!created.json?.success) throw new Error(`token creation failed: ${created.text}`);
  return { relay, admin, key: created.json.data.key };
}

export async function addChannel(admin: ApiClient, channel: ChannelSpec): Promise<number> {
  const response = await admin.call('POST', '/api/channel/', {
    type: channel.type,
    name: channel.name ?? `fake ${channel.type}`,
    key: channel.key ?? 'upstream-key',
    base_url: channel.upstream.url,
    models: channel.models.join(','),
    group: 'default',
    priority: channel.priority ?? 0,
    weight: channel.weight ?? 1,
    model_mapping: channel.model_mapping ? JSON.stringify(channel.model_mapping) : '',
    ...channel.extra,
  });
  if (!response.json?.success) throw new Error(`channel creation failed: ${response.text}`);
  return response.json.data.id;
}
