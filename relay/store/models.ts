import { DEFAULT_PRICES } from '../billing/pricing.js';
import type { ModelPrice } from '../billing/pricing.js';
import { blankModel } from './schema.js';
import type { ModelRecord } from './schema.js';
import type { StateFile } from './state-file.js';

/** The protocols and call families a model can be described as serving. */
export const MODEL_ENDPOINTS = [
  'openai-chat',
  'openai-responses',
  'anthropic-messages',
  'gemini-generate-content',
  'completions',
  'embeddings',
  'rerank',
  'moderations',
  'image-generation',
  'image-edit',
  'video-generation',
  'audio-transcription',
  'audio-translation',
  'speech',
] as const;

export type NewModel = Pick<ModelRecord, 'name'> & Partial<Omit<ModelRecord, 'id' | 'name' | 'created_at' | 'updated_at'>>;

/** Model metadata and prices (admin), one record per model name. */
export interface ModelStore {
  list(): readonly ModelRecord[];
  byId(id: number): ModelRecord | undefined;
  byName(name: string): ModelRecord | undefined;
  /** Answers null when the name is taken (checked and inserted in one step). */
  create(model: NewModel): Promise<ModelRecord | null>;
  /** Answers null when the change would take another record's name; undefined when there is no such record. */
  update(id: number, change: (model: ModelRecord) => void): Promise<ModelRecord | null | undefined>;
  delete(id: number): Promise<boolean>;
}

export function createStateModelStore(state: StateFile): ModelStore {
  return {
    list: () => state.data.models,
    byId: (id) => state.data.models.find((m) => m.id === id),
    byName: (name) => state.data.models.find((m) => m.name === name),
    create(model) {
      const now = Date.now();
      return state.update((data) => {
        if (data.models.some((m) => m.name === model.name)) return null;
        const record: ModelRecord = { ...blankModel(data.next_ids.model++, model.name, now), ...model, created_at: now, updated_at: now };
        data.models.push(record);
        return record;
      });
    },
    update(id, change) {
      return state.update((data) => {
        const model = data.models.find((m) => m.id === id);
        if (!model) return undefined;
        const changed = { ...model, tags: [...model.tags], endpoints: [...model.endpoints], unit_prices: { ...model.unit_prices }, size_ratios: { ...model.size_ratios } };
        change(changed);
        if (data.models.some((m) => m.id !== id && m.name === changed.name)) return null;
        Object.assign(model, changed, { id, updated_at: Date.now() });
        return model;
      });
    },
    delete(id) {
      return state.update((data) => {
        const index = data.models.findIndex((m) => m.id === id);
        if (index < 0) return false;
        data.models.splice(index, 1);
        return true;
      });
    },
  };
}

/** A record's own price, or undefined when it sets none (then the built-in defaults apply). */
export function priceOfRecord(record: ModelRecord): ModelPrice | undefined {
  if (!isPriced(record)) return undefined;
  if (record.price_per_call !== null) return { pricePerCall: record.price_per_call }; // replaces token and unit prices
  const units: ModelPrice = hasUnitPrices(record) ? { unitPrices: { ...record.unit_prices } } : {};
  if (units.unitPrices && Object.keys(record.size_ratios).length > 0) units.sizeRatios = { ...record.size_ratios };
  if (record.model_ratio === null) return units;
  const extras: ModelPrice = {};
  if (record.completion_ratio !== null) extras.completionRatio = record.completion_ratio;
  if (record.cache_ratio !== null) extras.cacheRatio = record.cache_ratio;
  if (record.cache_write_ratio !== null) extras.cacheWriteRatio = record.cache_write_ratio;
  return { modelRatio: record.model_ratio, ...extras, ...units };
}

/** Whether a record sets a price of its own: per token, per call, or per unit. */
function isPriced(record: ModelRecord): boolean {
  return record.model_ratio !== null || record.price_per_call !== null || hasUnitPrices(record);
}

function hasUnitPrices(record: ModelRecord): boolean {
  return Object.keys(record.unit_prices).length > 0;
}

/**
 * The price of `model`: a priced model record of that name first, then a built-in default of
 * that name, then the longest prefix among both (a record wins over a default of the same
 * length), so `gpt-4o` priced by an administrator also prices `gpt-4o-2024-11-20`.
 */
export function modelPrice(state: StateFile, model: string): ModelPrice | undefined {
  return modelPriceIn(state.data.models, model);
}

/** modelPrice among these model records. */
export function modelPriceIn(records: readonly ModelRecord[], model: string): ModelPrice | undefined {
  let best: ModelPrice | undefined;
  let bestLength = -1;
  for (const record of records) {
    if (!isPriced(record)) continue;
    if (record.name === model) return priceOfRecord(record);
    if (record.name.length > bestLength && model.startsWith(record.name)) {
      best = priceOfRecord(record);
      bestLength = record.name.length;
    }
  }
  if (Object.hasOwn(DEFAULT_PRICES, model)) return DEFAULT_PRICES[model];
  for (const prefix in DEFAULT_PRICES) {
    if (prefix.length > bestLength && model.startsWith(prefix)) {
      best = DEFAULT_PRICES[prefix];
      bestLength = prefix.length;
    }
  }
  return best;
}

/** Where a model's price comes from among these model records: its own record, a built-in default, or nowhere. */
export function priceSourceIn(records: readonly ModelRecord[], model: string): 'model' | 'default' | 'none' {
  const price = modelPriceIn(records, model);
  if (!price) return 'none';
  return Object.values(DEFAULT_PRICES).includes(price) ? 'default' : 'model';
}

/** Known context and output limits, used when a model has no metadata. Longest prefix wins. */
const KNOWN_LIMITS: Record<string, { input: number; output: number }> = {
  'gpt-4o': { input: 128_000, output: 16_384 },
  'gpt-4.1': { input: 1_047_576, output: 32_768 },
  'gpt-5': { input: 400_000, output: 128_000 },
  o3: { input: 200_000, output: 100_000 },
  'o4-mini': { input: 200_000, output: 100_000 },
  claude: { input: 200_000, output: 64_000 },
  'gemini-2.5': { input: 1_048_576, output: 65_536 },
  'gemini-3': { input: 1_048_576, output: 65_536 },
  deepseek: { input: 128_000, output: 8_192 },
};
const FALLBACK_LIMITS = { input: 128_000, output: 8_192 };

/** A model's context (input) and output limits among these model records: its record first, then known limits, then conservative defaults. */
export function modelLimitsIn(records: readonly ModelRecord[], model: string): { input: number; output: number } {
  let best: string | undefined;
  for (const prefix in KNOWN_LIMITS) if (model.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix;
  const known = best ? KNOWN_LIMITS[best]! : FALLBACK_LIMITS;
  const record = records.find((m) => m.name === model);
  return {
    input: record && record.context_length > 0 ? record.context_length : known.input,
    output: record && record.max_output_tokens > 0 ? record.max_output_tokens : known.output,
  };
}

/** A model's description from its record ('' when none). */
export function modelDescriptionIn(records: readonly ModelRecord[], model: string): string {
  return records.find((m) => m.name === model)?.description ?? '';
}
