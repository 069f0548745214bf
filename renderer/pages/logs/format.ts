// Times as the logs show them; numbers and money come from lib/money.ts.

export function ms(value: number): string {
  if (!value) return '–';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}
/** The day and the time of day apart, for a narrow table column: ["Nov 24", "03:55:42"]. */
export function whenParts(msSinceEpoch: number): [string, string] {
  const date = new Date(msSinceEpoch);
  return [date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' }), date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })];
}
