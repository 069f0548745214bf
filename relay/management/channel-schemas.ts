import { Type } from '@sinclair/typebox';
import { CALL_FAMILIES } from '../ir/call-family.js';
import { PageQuery } from './schemas.js';

// Schemas of the channel routes: request validation and the OpenAPI document.

const ListOrString = Type.Union([Type.String(), Type.Array(Type.String())]);
const MapOrJson = Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())]);
const Family = Type.Union(CALL_FAMILIES.map((family) => Type.Literal(family)));

/** The editable fields, shared by create and update. */
const channelFields = {
  name: Type.Optional(Type.String()),
  key: Type.Optional(Type.String({ description: 'API key; one per line for a multi-key channel (or, with mode "batch", one channel per line)' })),
  base_url: Type.Optional(Type.String({ description: "http(s) URL; '' for the type's default" })),
  group: Type.Optional(ListOrString),
  groups: Type.Optional(ListOrString),
  families: Type.Optional(Type.Array(Family, { description: "The call families the channel serves; [] for its type's defaults" })),
  priority: Type.Optional(Type.Number()),
  weight: Type.Optional(Type.Number()),
  model_mapping: Type.Optional(MapOrJson),
  header_override: Type.Optional(MapOrJson),
  proxy: Type.Optional(Type.String({ description: "http://, https:// or socks5:// URL; '' for none" })),
  status: Type.Optional(Type.Integer({ description: '1 enabled, 2 disabled by hand' })),
  auto_ban: Type.Optional(Type.Union([Type.Integer(), Type.Boolean()])),
  key_mode: Type.Optional(Type.Union([Type.Literal('random'), Type.Literal('polling')])),
  api_version: Type.Optional(Type.String({ description: 'Azure OpenAI api-version' })),
  other: Type.Optional(Type.String()),
  upstream_protocol: Type.Optional(Type.Union([Type.Literal('chat'), Type.Literal('responses')])),
  completions_upstream: Type.Optional(
    Type.Union([Type.Literal('completions'), Type.Literal('chat')], {
      description: "How /v1/completions reaches an upstream with a completions endpoint: there (default), or as a chat call (models served only by chat)",
    }),
  ),
  test_model: Type.Optional(Type.String()),
  tag: Type.Optional(Type.String()),
  remark: Type.Optional(Type.String()),
};

export const NewChannelBody = Type.Object(
  {
    type: Type.Integer(),
    models: ListOrString,
    mode: Type.Optional(
      Type.Union([Type.Literal('single'), Type.Literal('batch')], { description: 'single (default): one channel, several key lines make it multi-key; batch: one channel per key line' }),
    ),
    ...channelFields,
  },
  { additionalProperties: true },
);

export const UpdateChannelBody = Type.Object(
  {
    id: Type.Integer(),
    type: Type.Optional(Type.Integer()),
    models: Type.Optional(ListOrString),
    key_mode_update: Type.Optional(
      Type.Union([Type.Literal('replace'), Type.Literal('append')], {
        description: "With `key`: replace (default) the keys with the given lines, or append them. An empty `key` keeps the keys.",
      }),
    ),
    ...channelFields,
  },
  { additionalProperties: true },
);

export const CreatedChannelSchema = Type.Object({
  id: Type.Integer({ description: 'The (first) new channel' }),
  key_count: Type.Integer(),
  ids: Type.Array(Type.Integer(), { description: 'Every channel created (several with mode "batch")' }),
});

/** Skipped by routing for a while after retryable failures (not stored: a restart forgets them). */
const cooldownFields = {
  cooldown_until: Type.Integer({ description: 'Cooling down after failed calls: skipped by routing until this moment (ms); 0 when usable now' }),
  cooldown_failures: Type.Integer({ description: 'Retryable failures (5xx, 429, connection errors, timeouts) since the last success' }),
};

export const KeyStateSchema = Type.Object({
  status: Type.Integer({ description: '1 enabled, 2 disabled by hand, 3 disabled automatically' }),
  reason: Type.String({ description: 'Why it is disabled: the last error' }),
  disabled_at: Type.Integer({ description: 'ms' }),
  retry_at: Type.Integer({ description: 'When an automatically disabled key is next probed (ms)' }),
  failures: Type.Integer(),
  ...cooldownFields,
});

const channelViewFields = {
  id: Type.Integer(),
  type: Type.Integer(),
  name: Type.String(),
  base_url: Type.String(),
  models: Type.Array(Type.String()),
  groups: Type.Array(Type.String()),
  families: Type.Array(Family, { description: "The call families the channel serves; []: its type's defaults" }),
  model_mapping: Type.Record(Type.String(), Type.String()),
  priority: Type.Number(),
  weight: Type.Number(),
  status: Type.Integer({ description: '1 enabled, 2 disabled by hand, 3 disabled automatically' }),
  status_reason: Type.String(),
  status_changed_at: Type.Integer(),
  auto_ban: Type.Boolean(),
  header_override: Type.Record(Type.String(), Type.String()),
  proxy: Type.String({ description: 'With any password masked (***)' }),
  key_mode: Type.Union([Type.Literal('random'), Type.Literal('polling')]),
  key_count: Type.Integer(),
  settings: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  test_model: Type.String(),
  response_time: Type.Integer({ description: 'ms, of the last successful test' }),
  balance: Type.Number({ description: 'USD, as last read from the upstream' }),
  balance_updated_at: Type.Optional(Type.Integer({ description: 'ms, when the balance was last read; absent: never read' })),
  used_quota: Type.Integer(),
  tag: Type.String(),
  remark: Type.String(),
  created_at: Type.Integer(),
  // The channel's own cooldown, or, when every enabled key is cooling, the first key's to end.
  ...cooldownFields,
};

/** The channel as the console sees it: everything but its keys. */
export const ChannelViewSchema = Type.Object({ ...channelViewFields, key_states: Type.Array(KeyStateSchema) });

/** A channel in a list: without per-key states, with how many keys are usable. */
export const ChannelListItemSchema = Type.Object({ ...channelViewFields, enabled_key_count: Type.Integer() });

export const ChannelListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Integer({ description: '1 enabled, 2 disabled by hand, 3 disabled automatically' })),
  type: Type.Optional(Type.Integer()),
  group: Type.Optional(Type.String()),
  model: Type.Optional(Type.String({ description: 'Exact model name the channel serves' })),
  tag: Type.Optional(Type.String()),
  keyword: Type.Optional(Type.String({ description: 'Part of the name, base URL or remark (any case)' })),
  sort: Type.Optional(
    Type.Union([Type.Literal('id'), Type.Literal('priority'), Type.Literal('response_time'), Type.Literal('balance'), Type.Literal('name')], {
      description: 'Default priority',
    }),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: 'Default desc' })),
});

export const BulkBody = Type.Object({
  ids: Type.Array(Type.Integer(), { minItems: 1, maxItems: 10_000 }),
  action: Type.Union([Type.Literal('enable'), Type.Literal('disable'), Type.Literal('delete'), Type.Literal('tag')]),
  tag: Type.Optional(Type.String({ description: "For action tag: the new tag ('' removes it)" })),
});

export const CopyBody = Type.Object({
  suffix: Type.Optional(Type.String({ description: 'Added to the name; default " (copy)"' })),
  disabled: Type.Optional(Type.Boolean({ description: 'Create the copy disabled (default false)' })),
});

export const KeyView = Type.Object({
  index: Type.Integer({ description: '0-based position of the key' }),
  hint: Type.String({ description: "Start and end of a long key (sk-…wxyz); '' for short keys" }),
  ...KeyStateSchema.properties,
});

export const KeysViewSchema = Type.Object({
  key_count: Type.Integer(),
  enabled: Type.Integer({ description: 'Keys in use' }),
  items: Type.Array(KeyView),
});

export const KeyActionBody = Type.Object({
  action: Type.Union([Type.Literal('enable'), Type.Literal('disable'), Type.Literal('delete'), Type.Literal('enable_all')]),
  index: Type.Optional(Type.Integer({ minimum: 0, description: 'The key (0-based); not for enable_all' })),
});

export const TestResultSchema = Type.Object({
  ok: Type.Boolean({ description: 'The upstream answered the minimal call' }),
  status_code: Type.Integer({ description: "The upstream's HTTP status; 0 when it never answered" }),
  response_time: Type.Integer({ description: 'ms' }),
  model: Type.String({ description: 'The model sent upstream' }),
  family: Type.Union(Family.anyOf, { description: 'The family of the call sent: chat, or embeddings, rerank or moderation for a channel that serves those (not chat, or a model named for them)' }),
  key_index: Type.Integer({ description: 'The key used (-1: the channel has none)' }),
  error: Type.String(),
  channel_status: Type.Integer({ description: 'The channel status after the test' }),
  ...cooldownFields,
});

export const BalanceSchema = Type.Object({
  balance: Type.Number({ description: 'USD, stored on the channel' }),
  source: Type.Union([Type.Literal('openai'), Type.Literal('openrouter'), Type.Literal('deepseek')]),
  currencies: Type.Array(Type.Object({ currency: Type.String(), amount: Type.Number() }), { description: 'As the upstream reported it' }),
});
