// Relay settings (root): every setting with its metadata, and saving several at once.
import { api } from './client.js';
import type { ApiData } from './client.js';

/** One relay setting with its metadata; secrets have `value: null` (never answered). */
export type OptionView = ApiData<'/api/option', 'get'>[number];
export type OptionValue = Exclude<OptionView['value'], null>;

export function listOptions(): Promise<OptionView[]> {
  return api.get('/api/option');
}

/** Sets several options at once (all checked before any is saved); null restores a default. */
export async function saveOptions(values: Record<string, OptionValue | null>): Promise<string> {
  // The relay's message says what applies at the next start; the data is null.
  await api.put('/api/option', { values });
  return 'Saved.';
}
