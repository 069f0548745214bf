import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { RateLimitsSchema, givenLimits } from './limits-fields.js';
import { BILLING_UNITS } from '../ir/usage.js';
import type { BillingUnit, UnitCounts } from '../ir/usage.js';
import { servedFamilies } from '../providers/channel-facts.js';
import { storedSettings } from '../settings.js';
import { ChannelStatus } from '../store/channels.js';
import { groupsUsableBy } from '../store/groups.js';
import { MODEL_ENDPOINTS, priceSourceIn } from '../store/models.js';
import { blankModel } from '../store/schema.js';
import type { ChannelRecord, ModelRecord, SupplierRecord } from '../store/schema.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { Nothing, PageQuery, UnitCountsSchema, pageOf } from './schemas.js';

const MAX_TOKENS = 100_000_000;
const MAX_RATIO = 1_000_000;

const Ratio = (description: string) => Type.Union([Type.Number({ minimum: 0, maximum: MAX_RATIO }), Type.Null()], { description });
const ListOrString = Type.Union([Type.Array(Type.String()), Type.String()]);
const UNIT_WORDS: Record<BillingUnit, string> = { requests: 'call', search_units: 'search unit (rerank)', images: 'image', seconds: 'second of audio or video', characters: 'character (speech input)' };
/** USD per unit of each kind; other kinds are refused in applyFields with a message naming the known ones. */
const UnitPrices = (description: string) => UnitCountsSchema(description, (unit) => ({ minimum: 0, maximum: MAX_RATIO, description: `USD per ${UNIT_WORDS[unit]}` }));

/** `WIDTHxHEIGHT` → multiplier: a second of 1792×1024 video, an image of 1024×1792, priced above the plain unit price. */
const SizeRatios = (description: string) =>
  Type.Record(Type.String({ pattern: SIZE_PATTERN.source }), Type.Number({ minimum: 0, maximum: MAX_RATIO }), { description: `${description}, e.g. {"1792x1024": 1.67}` });
const SIZE_PATTERN = /^[1-9][0-9]{1,4}x[1-9][0-9]{1,4}$/;

/** A model's price (left out: kept; null: cleared): what a model's change and the price catalogue import set. */
export const PriceFields = {
  model_ratio: Type.Optional(Ratio('Per-token price: 1 = 2 USD per million input tokens; null: the built-in default (if any)')),
  price_per_call: Type.Optional(Ratio('Fixed USD per call, instead of per token; null: per token')),
  completion_ratio: Type.Optional(Ratio('Output ÷ input price; null: 1')),
  cache_ratio: Type.Optional(Ratio('Cached input ÷ input price; null: 1')),
  cache_write_ratio: Type.Optional(Ratio('Cache write (5 minutes; 1 hour costs 1.6 times as much) ÷ input price; null: 1')),
  unit_prices: Type.Optional(UnitPrices('USD per unit of each kind other than tokens, added to the token price (replaces the whole set; {} clears it); not with price_per_call')),
  size_ratios: Type.Optional(SizeRatios('Multiplier of the unit prices by output size (replaces the whole set; {} clears it)')),
};

const ModelFields = {
  supplier_id: Type.Optional(Type.Integer({ minimum: 0, description: '0: none' })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  tags: Type.Optional(ListOrString),
  endpoints: Type.Optional(Type.Array(Type.Union(MODEL_ENDPOINTS.map((e) => Type.Literal(e))))),
  context_length: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_TOKENS, description: 'Tokens; 0 unknown' })),
  max_output_tokens: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_TOKENS, description: 'Tokens; 0 unknown' })),
  ...PriceFields,
  limits: Type.Optional(RateLimitsSchema),
};
const NewModelBody = Type.Object({ name: Type.String(), ...ModelFields });
const ModelChangeBody = Type.Object({ id: Type.Integer(), name: Type.Optional(Type.String()), ...ModelFields });

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const ModelViewSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  supplier_id: Type.Integer(),
  supplier_name: Type.String(),
  description: Type.String(),
  tags: Type.Array(Type.String()),
  endpoints: Type.Array(Type.String()),
  context_length: Type.Integer(),
  max_output_tokens: Type.Integer(),
  model_ratio: NullableNumber,
  price_per_call: NullableNumber,
  completion_ratio: NullableNumber,
  cache_ratio: NullableNumber,
  cache_write_ratio: NullableNumber,
  unit_prices: UnitPrices('USD per unit of each kind other than tokens, added to the token price; {}: none'),
  size_ratios: SizeRatios('Multiplier of the unit prices by output size; a size not named: 1'),
  limits: Type.Optional(Type.Composite([RateLimitsSchema], { description: 'Requests and tokens per minute for each user calling this model' })),
  price_source: Type.Union([Type.Literal('model'), Type.Literal('default'), Type.Literal('none')], { description: 'Where the price a call pays comes from' }),
  enable_groups: Type.Array(Type.String(), { description: 'Groups an enabled channel serves it to (channels of every group: "*")' }),
  channels: Type.Integer({ description: 'Channels (enabled or not) listing it' }),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});

const UsableModelSchema = Type.Object({
  name: Type.String(),
  groups: Type.Array(Type.String(), { description: 'The user’s usable groups that serve it' }),
  description: Type.String(),
  supplier: Type.String(),
  tags: Type.Array(Type.String()),
  endpoints: Type.Array(Type.String()),
  families: Type.Array(Type.String(), { description: 'The call families (chat, images, audio…) the channels serving it offer' }),
  context_length: Type.Integer(),
  max_output_tokens: Type.Integer(),
});

function checkedName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name || name.length > 128 || /[\p{Cc}\s]/u.test(name)) throw new ApiError(400, 'A model name is 1–128 characters without spaces.');
  return name;
}

function checkedTags(value: string[] | string): string[] {
  const items = Array.isArray(value) ? value : value.split(',');
  const tags = [...new Set(items.map((t) => String(t).trim()).filter(Boolean))];
  if (tags.length > 20 || tags.some((t) => t.length > 32)) throw new ApiError(400, 'At most 20 tags of at most 32 characters each.');
  return tags;
}

export type Fields = Partial<Static<typeof NewModelBody>>;
/** What a change of a model record may touch. */
type ModelFieldsRecord = Omit<ModelRecord, 'id' | 'created_at'>;

/** Only the known unit kinds, each a non-negative finite number of USD. */
function checkedUnitPrices(value: Record<string, unknown>): UnitCounts {
  const prices: UnitCounts = {};
  for (const [unit, usd] of Object.entries(value)) {
    if (!(BILLING_UNITS as readonly string[]).includes(unit)) throw new ApiError(400, `Unknown unit kind "${unit}" in unit_prices: the kinds are ${BILLING_UNITS.join(', ')}.`);
    if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) throw new ApiError(400, `unit_prices.${unit} must be a non-negative number of USD.`);
    prices[unit as BillingUnit] = usd;
  }
  return prices;
}

/** Sizes as WIDTHxHEIGHT, each with a non-negative finite multiplier. */
function checkedSizeRatios(value: Record<string, unknown>): Record<string, number> {
  const ratios: Record<string, number> = {};
  for (const [size, ratio] of Object.entries(value)) {
    if (!SIZE_PATTERN.test(size)) throw new ApiError(400, `size_ratios: "${size}" is not a size; write it as WIDTHxHEIGHT, e.g. 1792x1024.`);
    if (typeof ratio !== 'number' || !Number.isFinite(ratio) || ratio < 0) throw new ApiError(400, `size_ratios.${size} must be a non-negative number.`);
    ratios[size] = ratio;
  }
  return ratios;
}

/** The checked changes a body asks for, applied over `model` (a copy, for create and update alike); the supplier is checked by checkSupplier. */
function applyFields(body: Fields, model: ModelFieldsRecord): void {
  if (body.name !== undefined) model.name = checkedName(body.name);
  if (body.supplier_id !== undefined) model.supplier_id = body.supplier_id;
  if (body.description !== undefined) model.description = body.description.trim();
  if (body.tags !== undefined) model.tags = checkedTags(body.tags);
  if (body.endpoints !== undefined) model.endpoints = [...new Set(body.endpoints)];
  if (body.context_length !== undefined) model.context_length = body.context_length;
  if (body.max_output_tokens !== undefined) model.max_output_tokens = body.max_output_tokens;
  for (const key of ['model_ratio', 'price_per_call', 'completion_ratio', 'cache_ratio', 'cache_write_ratio'] as const) {
    if (body[key] !== undefined) model[key] = body[key];
  }
  if (body.unit_prices !== undefined) model.unit_prices = checkedUnitPrices(body.unit_prices);
  if (body.size_ratios !== undefined) model.size_ratios = checkedSizeRatios(body.size_ratios);
  if (body.limits !== undefined) model.limits = givenLimits(body.limits);
  // A price is either per token and unit, or per call; setting one clears the other.
  const setsPerCall = (body.price_per_call ?? null) !== null;
  const setsPerToken = (body.model_ratio ?? null) !== null || Object.keys(body.unit_prices ?? {}).length > 0;
  if (setsPerCall && !setsPerToken) Object.assign(model, { model_ratio: null, unit_prices: {} });
  if (setsPerToken && body.price_per_call === undefined) model.price_per_call = null;
  if (model.price_per_call !== null && (model.model_ratio !== null || Object.keys(model.unit_prices).length > 0)) {
    throw new ApiError(400, 'Give a model either model_ratio and unit_prices (per token and unit) or price_per_call (per call, replacing both), not both.');
  }
  if (model.context_length > 0 && model.max_output_tokens > model.context_length) throw new ApiError(400, 'max_output_tokens cannot exceed context_length.');
}

/** `model` with a body's changes: a new record (the one given stays as it was). */
export function changed<M extends ModelFieldsRecord>(body: Fields, model: Readonly<M>): M {
  const next = structuredClone(model) as M;
  applyFields(body, next);
  return next;
}

type Facts = Map<string, { groups: Set<string>; channels: number }>;

/** Per model name: the groups enabled channels serve it to, and how many channels list it. */
function channelFacts(channels: readonly ChannelRecord[]): Facts {
  const facts: Facts = new Map();
  for (const channel of channels) {
    for (const name of channel.models) {
      let entry = facts.get(name);
      if (!entry) facts.set(name, (entry = { groups: new Set(), channels: 0 }));
      entry.channels++;
      if (channel.status !== ChannelStatus.enabled) continue;
      for (const group of channel.groups.length > 0 ? channel.groups : ['*']) entry.groups.add(group);
    }
  }
  return facts;
}

function supplierName(suppliers: readonly SupplierRecord[], id: number): string {
  return id ? (suppliers.find((s) => s.id === id)?.name ?? '') : '';
}

/** Model management (admin): metadata, prices, models channels list without a description; and the models a user may use. */
export function modelRoutes(context: ManagementContext) {
  /** What a model's view shows besides the record: read once per answer. */
  const viewer = async () => {
    const [channels, suppliers, models] = await Promise.all([context.store.channels.list(), context.store.suppliers.list(), context.store.models.list()]);
    const facts = channelFacts(channels);
    return (model: ModelRecord) => ({
      ...model,
      supplier_name: supplierName(suppliers, model.supplier_id),
      price_source: priceSourceIn(models, model.name),
      enable_groups: [...(facts.get(model.name)?.groups ?? [])].sort(),
      channels: facts.get(model.name)?.channels ?? 0,
    });
  };
  const byIdParam = async (id: string) => {
    const model = await context.store.models.get(Number(id));
    if (!model) throw new ApiError(404, `No model ${id}.`);
    return model;
  };
  const checkSupplier = async (id: number | undefined) => {
    if (id !== undefined && id !== 0 && !(await context.store.suppliers.get(id))) throw new ApiError(400, `No supplier ${id}.`);
  };

  return [
    route({
      method: 'get',
      path: '/models',
      tag: 'model management',
      access: 'user',
      summary: 'The models the signed-in user may use (served by an enabled channel of a group they may use), for pickers',
      response: Type.Array(UsableModelSchema),
      handler: async ({ user }) => {
        const [groupRecords, channels, models, suppliers] = await Promise.all([context.store.groups.list(), context.store.channels.list(), context.store.models.list(), context.store.suppliers.list()]);
        const usable = new Set(groupsUsableBy(groupRecords, user).map((g) => g.name));
        const described = new Map(models.map((m) => [m.name, m]));
        const served = new Map<string, Set<string>>();
        const families = new Map<string, Set<string>>();
        for (const channel of channels) {
          if (channel.status !== ChannelStatus.enabled) continue;
          const groups = channel.groups.length > 0 ? channel.groups.filter((g) => usable.has(g)) : [...usable];
          if (groups.length === 0) continue;
          for (const name of channel.models) {
            let entry = served.get(name);
            if (!entry) served.set(name, (entry = new Set()));
            for (const group of groups) entry.add(group);
            let offered = families.get(name);
            if (!offered) families.set(name, (offered = new Set()));
            for (const family of servedFamilies(channel)) offered.add(family);
          }
        }
        return [...served.keys()].sort().map((name) => {
          const meta = described.get(name);
          return {
            name,
            groups: [...served.get(name)!].sort(),
            description: meta?.description ?? '',
            supplier: supplierName(suppliers, meta?.supplier_id ?? 0),
            tags: meta?.tags ?? [],
            endpoints: meta?.endpoints ?? [],
            families: [...families.get(name)!].sort(),
            context_length: meta?.context_length ?? 0,
            max_output_tokens: meta?.max_output_tokens ?? 0,
          };
        });
      },
    }),
    route({
      method: 'get',
      path: '/models/missing',
      tag: 'model management',
      access: 'admin',
      summary: 'Models that channels list but no model record describes',
      response: Type.Array(Type.String()),
      handler: async () => {
        const described = new Set((await context.store.models.list()).map((m) => m.name));
        return [...channelFacts(await context.store.channels.list()).keys()].filter((name) => !described.has(name)).sort();
      },
    }),
    route({
      method: 'get',
      path: '/models/unpriced_policy',
      tag: 'model management',
      access: 'admin',
      summary: 'What calls of a model without a price do (setting unpriced_model_policy): free, or refused',
      response: Type.Object({ unpriced_model_policy: Type.Union([Type.Literal('free'), Type.Literal('reject')]) }),
      handler: async () => ({ unpriced_model_policy: (await storedSettings(context.store)).unpriced_model_policy }),
    }),
    route({
      method: 'get',
      path: '/models/meta',
      tag: 'model management',
      access: 'admin',
      summary: 'Model records: metadata, prices and the groups each is served to (paged; `keyword` searches name, description and tags)',
      query: Type.Object({ ...PageQuery, keyword: Type.Optional(Type.String()), supplier_id: Type.Optional(Type.Integer()) }),
      response: pageOf(ModelViewSchema),
      handler: async ({ query }) => {
        const page = query.p ?? 1;
        const pageSize = query.page_size ?? 20;
        const keyword = (query.keyword ?? '').trim().toLowerCase();
        const matching = (await context.store.models.list())
          .filter((m) => query.supplier_id === undefined || m.supplier_id === query.supplier_id)
          .filter((m) => !keyword || m.name.toLowerCase().includes(keyword) || m.description.toLowerCase().includes(keyword) || m.tags.some((t) => t.toLowerCase().includes(keyword)));
        return { items: matching.slice((page - 1) * pageSize, page * pageSize).map(await viewer()), total: matching.length, page, page_size: pageSize };
      },
    }),
    route({
      method: 'get',
      path: '/models/meta/:id',
      tag: 'model management',
      access: 'admin',
      summary: 'One model record',
      response: ModelViewSchema,
      handler: async ({ params }) => (await viewer())(await byIdParam(String(params.id))),
    }),
    route({
      method: 'post',
      path: '/models/meta',
      tag: 'model management',
      access: 'admin',
      summary: 'Describe and/or price a model',
      body: NewModelBody,
      response: ModelViewSchema,
      handler: async ({ body }) => {
        const draft = changed(body, blankModel(0, '', 0));
        await checkSupplier(body.supplier_id);
        const { id: _id, created_at: _created, updated_at: _updated, ...fields } = draft;
        const created = await context.store.models.create(fields);
        if (!created) throw new ApiError(409, `The model ${draft.name} is described already: change that record.`);
        return new Answer((await viewer())(created), `Model ${created.name} saved.`);
      },
    }),
    route({
      method: 'put',
      path: '/models/meta',
      tag: 'model management',
      access: 'admin',
      summary: 'Change a model record (named by `id`; fields left out stay, null clears a price field)',
      body: ModelChangeBody,
      response: ModelViewSchema,
      handler: async ({ body }) => {
        // Checked first: an invalid change must leave the record as it was.
        changed(body, await byIdParam(String(body.id)));
        await checkSupplier(body.supplier_id);
        const updated = await context.store.models.update(body.id, (current) => changed(body, current));
        if (updated === undefined) throw new ApiError(404, `No model ${body.id}.`);
        if (updated === null) throw new ApiError(409, `Another record describes ${body.name} already.`);
        return (await viewer())(updated);
      },
    }),
    route({
      method: 'delete',
      path: '/models/meta/:id',
      tag: 'model management',
      access: 'admin',
      summary: 'Delete a model record (the model falls back to the built-in price and limits, if any)',
      response: Nothing,
      handler: async ({ params }) => {
        if (!(await context.store.models.delete(Number(params.id)))) throw new ApiError(404, `No model ${params.id}.`);
        return new Answer(null, 'Model record deleted.');
      },
    }),
  ];
}
