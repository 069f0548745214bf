import { freshKeyState } from '../../relay/store/channels.js';
import type { ChannelRecord } from '../../relay/store/schema.js';

/** A stored channel for unit tests: OpenAI type, serving model `m` to the default group, one key. */
export function channel(id: number, extra: Partial<ChannelRecord> = {}): ChannelRecord {
  const keyCount = extra.key_count ?? 1;
  return {
    id,
    type: 1,
    name: `c${id}`,
    base_url: '',
    models: ['m'],
    groups: ['default'],
    families: [],
    model_mapping: {},
    priority: 0,
    weight: 1,
    status: 1,
    status_reason: '',
    status_changed_at: 0,
    auto_ban: true,
    header_override: {},
    proxy: '',
    key_mode: 'random',
    key_count: keyCount,
    key_states: Array.from({ length: keyCount }, freshKeyState),
    settings: {},
    test_model: '',
    response_time: 0,
    balance: 0,
    used_quota: 0,
    tag: '',
    remark: '',
    created_at: 0,
    ...extra,
  };
}
