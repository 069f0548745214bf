import type { RelayErrorInfo } from '../ir/relay-error.js';

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

/**
 * What the client is told when the upstream refused the channel's own key or account (401,
 * 403, an exhausted or disabled account): a 502, not the upstream's 401. The client's key is
 * fine; passed on as it was, a 401 or "API key not valid" made Claude Code, Gemini CLI and
 * the SDKs report the client's own key as invalid. The log's retry chain keeps the upstream's
 * status, and the channel (not named to the client) is found there by the request id.
 */
export function channelKeyRefused(error: RelayErrorInfo): RelayErrorInfo {
  return {
    status: 502,
    kind: 'upstream',
    message: `The upstream refused the relay's channel key (${error.status}: ${error.message}). Your API key is fine; an administrator should check the channel's key and account.`,
    code: 'upstream_key_refused',
  };
}
