// Model prices in dollars: from a model record's ratios, and token counts written short.
import { ratioToUsd, type ModelMeta } from '../../../api/admin.js';

/** Drops float noise (0.30000000000000004 → 0.3). */
export function clean(value: number): number {
  return Number(value.toPrecision(10));
}

export function tokens(count: number): string {
  if (count <= 0) return '—';
  if (count >= 1_000_000 && count % 100_000 === 0) return `${clean(count / 1_000_000)}M`;
  if (count >= 1000 && count % 1000 === 0) return `${count / 1000}K`;
  if (count >= 1024 && count % 1024 === 0) return `${count / 1024}K`;
  return count.toLocaleString('en-US');
}

export interface Price {
  kind: 'token' | 'call' | 'default' | 'none';
  /** USD per million input tokens, or per call. */
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export function priceOf(model: ModelMeta): Price {
  if (model.price_per_call !== null) return { kind: 'call', input: model.price_per_call, output: 0, cacheRead: 0, cacheWrite: 0 };
  if (model.model_ratio !== null) {
    const input = ratioToUsd(model.model_ratio);
    return {
      kind: 'token',
      input,
      output: input * (model.completion_ratio ?? 1),
      cacheRead: input * (model.cache_ratio ?? 1),
      cacheWrite: input * (model.cache_write_ratio ?? 1),
    };
  }
  return { kind: model.price_source === 'default' ? 'default' : 'none', input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
}
