// Model records as the model API lists them, for the Models and pricing tests.
import type { ModelMeta } from '../../../renderer/api/admin.js';

export function modelRecord(overrides: Partial<ModelMeta> = {}): ModelMeta {
  return {
    id: 1,
    name: 'gpt-4o-mini',
    supplier_id: 0,
    supplier_name: '',
    description: '',
    tags: [],
    endpoints: [],
    context_length: 0,
    max_output_tokens: 0,
    model_ratio: null,
    price_per_call: null,
    completion_ratio: null,
    cache_ratio: null,
    cache_write_ratio: null,
    unit_prices: {},
    size_ratios: {},
    price_source: 'none',
    enable_groups: [],
    channels: 0,
    created_at: 0,
    updated_at: 0,
    ...overrides,
  };
}
