/** A moment (ms) as a short local date and time; '—' for 0 (never). */
export function formatWhen(ms: number): string {
  return ms > 0 ? new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '—';
}
