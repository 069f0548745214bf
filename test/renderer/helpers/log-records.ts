// Log records as the relay's log API answers them, for the logs page tests.
import type { LogView } from '../../../renderer/api/logs.js';

export function logRecord(overrides: Partial<LogView> = {}): LogView {
  return {
    id: 7,
    created_at: Date.UTC(2026, 10, 21, 12, 0, 0),
    type: 2,
    user_id: 1,
    username: 'owner',
    token_id: 3,
    token_name: 'laptop',
    model: 'gpt-4o',
    upstream_model: 'gpt-4o-2024-11-20',
    channel_id: 0,
    channel_name: '',
    group: 'default',
    family: 'chat',
    prompt_tokens: 1_000,
    completion_tokens: 200,
    cached_tokens: 0,
    reasoning_tokens: 0,
    units: {},
    quota: 2_250,
    first_byte_ms: 320,
    total_ms: 1_250,
    is_stream: true,
    ip: '127.0.0.1',
    request_id: 'req-abc',
    retry_chain: [],
    error: '',
    content: '',
    other: {},
    ...overrides,
  };
}

export function logPage(items: LogView[], total = items.length) {
  return { items, total, page: 1, page_size: 20 };
}
