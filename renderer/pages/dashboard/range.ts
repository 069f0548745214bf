export type RangeId = '24h' | '7d' | '30d';

export const RANGES: { id: RangeId; label: string; seconds: number }[] = [
  { id: '24h', label: '24 hours', seconds: 24 * 3600 },
  { id: '7d', label: '7 days', seconds: 7 * 24 * 3600 },
  { id: '30d', label: '30 days', seconds: 30 * 24 * 3600 },
];

/** [start, end] in Unix seconds for a range ending now. */
export function rangeBounds(id: RangeId, now = Date.now()): [number, number] {
  const end = Math.floor(now / 1000);
  const span = RANGES.find((r) => r.id === id)?.seconds ?? RANGES[0]!.seconds;
  return [end - span, end];
}
