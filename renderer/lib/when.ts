import { dateFormat } from '../i18n/format.js';

/** A moment (ms) as a short local date and time, to the second if asked; '—' for 0 (never). */
export function formatWhen(ms: number, { seconds = false } = {}): string {
  return ms > 0 ? dateFormat({ dateStyle: 'short', timeStyle: seconds ? 'medium' : 'short' }).format(ms) : '—';
}
