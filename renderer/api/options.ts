import { request } from './client.js';

export type OptionValue = string | number | boolean;

/** One relay setting with its metadata, as `GET /api/option` answers it (root). */
export interface OptionView {
  key: string;
  group: string;
  type: 'integer' | 'number' | 'boolean' | 'string' | 'enum' | 'secret';
  description: string;
  /** null for secrets: they are never answered. */
  value: OptionValue | null;
  default: OptionValue | null;
  /** Secrets only: whether a value is stored. */
  set?: boolean;
  min?: number;
  max?: number;
  values?: string[];
  pattern?: string;
  patternHint?: string;
  maxLength?: number;
  required?: boolean;
  restart?: boolean;
}

export function listOptions(): Promise<OptionView[]> {
  return request<OptionView[]>('GET', '/api/option');
}

/** Sets several options at once (all checked before any is saved); null restores a default. */
export async function saveOptions(values: Record<string, OptionValue | null>): Promise<string> {
  // The relay's message says what applies at the next start; the data is null.
  await request<unknown>('PUT', '/api/option', { values });
  return 'Saved.';
}
