// How the console names a channel's or a key's status (the relay's codes: 1 enabled,
// 2 disabled by hand, 3 disabled automatically), and the badge tone for each.

const STATUS: Record<number, { text: string; tone: 'ok' | 'off' | 'warn' }> = {
  1: { text: 'Enabled', tone: 'ok' },
  2: { text: 'Disabled by hand', tone: 'off' },
  3: { text: 'Disabled automatically', tone: 'warn' },
};

export function statusOf(code: number): { text: string; tone: string } {
  return STATUS[code] ?? { text: `Status ${code}`, tone: 'off' };
}
