// How the console names a channel's or a key's status (the relay's codes: 1 enabled,
// 2 disabled by hand, 3 disabled by the relay), and the badge tone for each. Short, so the
// channels table's status column stays narrow; the reason beside it says more.

const STATUS: Record<number, { text: string; tone: 'ok' | 'off' | 'warn' }> = {
  1: { text: 'Enabled', tone: 'ok' },
  2: { text: 'Disabled', tone: 'off' },
  3: { text: 'Auto-disabled', tone: 'warn' },
};

export function statusOf(code: number): { text: string; tone: string } {
  return STATUS[code] ?? { text: `Status ${code}`, tone: 'off' };
}
