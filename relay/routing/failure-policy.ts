/**
 * Whether a failed attempt is worth another channel. Connection errors and timeouts before
 * the first byte always are; statuses follow the `retry_status_codes` setting (ranges
 * like `520-523` allowed). Never after a byte of the answer reached the client.
 */
export function isRetryableStatus(status: number, setting: string): boolean {
  for (const item of setting.split(',')) {
    const [from, to] = item.trim().split('-').map(Number);
    if (from === undefined || Number.isNaN(from)) continue;
    if (status >= from && status <= (to ?? from)) return true;
  }
  return false;
}

const ACCOUNT_PROBLEMS = [
  'insufficient_quota',
  'quota exceeded',
  'exceeded your current quota',
  'credit balance is too low',
  'billing',
  'account is disabled',
  'account has been deactivated',
  'organization has been disabled',
  'api key not valid',
  'invalid api key',
  'incorrect api key',
  'permission denied',
];

/** A failure that means the key (or account) itself is unusable, not this one call. */
export function meansKeyUnusable(status: number, message: string): boolean {
  if (status === 401 || status === 403) return true;
  const text = message.toLowerCase();
  return ACCOUNT_PROBLEMS.some((needle) => text.includes(needle));
}
