// How the console names a channel's or a key's status (the relay's codes: 1 enabled,
// 2 disabled by hand, 3 disabled by the relay), and the badge tone for each. Short, so the
// channels table's status column stays narrow; the reason beside it says more.
import { i18n } from '../i18n/index.js';

const TONE: Record<number, 'ok' | 'off' | 'warn'> = { 1: 'ok', 2: 'off', 3: 'warn' };

export function statusOf(code: number): { text: string; tone: string } {
  const tone = TONE[code];
  return tone === undefined ? { text: i18n.t('channels:status.other', { code }), tone: 'off' } : { text: i18n.t(`channels:status.s${code}`), tone };
}
