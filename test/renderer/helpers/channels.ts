// Channels for the Channels page tests, and a fake relay that lists and changes them.
import type { ChannelView } from '../../../renderer/api/channels.js';
import { stubApi, type Call, type FakeApi } from './fake-api.js';

export function channel(id: number, name: string, extra: Partial<ChannelView> = {}): ChannelView {
  return {
    id,
    type: 1,
    name,
    base_url: 'https://api.openai.com',
    models: ['gpt-4o-mini'],
    groups: ['default'],
    families: [],
    model_mapping: {},
    priority: 5,
    weight: 1,
    status: 1,
    status_reason: '',
    status_changed_at: 0,
    auto_ban: true,
    header_override: {},
    proxy: '',
    key_mode: 'random',
    key_count: 1,
    settings: {},
    test_model: '',
    response_time: 0,
    balance: 0,
    used_quota: 0,
    tag: '',
    remark: '',
    created_at: 0,
    enabled_key_count: 1,
    cooldown_until: 0,
    cooldown_failures: 0,
    ...extra,
  };
}

export interface FakeRelay extends FakeApi {
  /** Changes the stored channels, as the relay would behind the page's back. */
  change(update: (rows: ChannelView[]) => ChannelView[]): void;
}

/** A fake relay holding `channels`: lists them, updates one (PUT) and runs bulk actions. */
export function channelRelay(channels: ChannelView[]): FakeRelay {
  let rows = channels.map((c) => ({ ...c }));
  const api = stubApi();
  api.on('GET /api/channel', () => ({ items: rows, total: rows.length, page: 1, page_size: 20 }));
  api.on('PUT /api/channel', ({ body }: Call) => {
    const change = body as Partial<ChannelView> & { id: number };
    rows = rows.map((c) => (c.id === change.id ? { ...c, ...change } : c));
    return rows.find((c) => c.id === change.id);
  });
  api.on('POST /api/channel/batch', ({ body }: Call) => {
    const { ids, action } = body as { ids: number[]; action: string };
    if (action === 'delete') rows = rows.filter((c) => !ids.includes(c.id));
    else rows = rows.map((c) => (ids.includes(c.id) ? { ...c, status: action === 'enable' ? 1 : 2 } : c));
    return { affected: ids.length };
  });
  return Object.assign(api, {
    change(update: (current: ChannelView[]) => ChannelView[]) {
      rows = update(rows);
    },
  });
}
