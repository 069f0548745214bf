import type { ModelPrice } from './billing/pricing.js';
import type { StateFile } from './store/state-file.js';

/** Every relay setting with its default: the one place either is written down. */
export const SETTING_DEFAULTS = {
  /** Further attempts on other channels/keys after a retryable failure. */
  retry_times: 2,
  /** Statuses worth another channel (besides connection errors and timeouts before the first byte). */
  retry_status_codes: '429,500,502,503,520-523,525-599',
  connect_timeout_seconds: 10,
  /** Time to the first answer byte (headers and, for streams, the first event). 0 = none. */
  first_byte_timeout_seconds: 120,
  /** A stream that sends nothing for this long is ended. */
  stream_idle_timeout_seconds: 300,
  /** `: PING` comments to the client every N s while a stream is quiet; 0 = off. */
  stream_keepalive_seconds: 0,
  /** Disable a channel (or one key of a multi-key channel) on 401/403 or an exhausted-account message. */
  auto_disable_channel: true,
  /** First cool-down before a disabled key is probed again; doubles up to an hour. */
  key_recovery_seconds: 300,
  /** Models without a price: 'free' serves them at no cost, 'reject' refuses them. */
  unpriced_model_policy: 'free' as 'free' | 'reject',
  /** Output tokens reserved when a call does not say its maximum. */
  default_reserved_output_tokens: 4096,
  log_retention_days: 90,
  /** A path prefix the relay is mounted under (e.g. `/relay` behind a reverse proxy); '' for none. */
  base_path: '',
} as const;

export type Settings = { -readonly [K in keyof typeof SETTING_DEFAULTS]: (typeof SETTING_DEFAULTS)[K] extends number ? number : (typeof SETTING_DEFAULTS)[K] extends boolean ? boolean : (typeof SETTING_DEFAULTS)[K] };

/** Settings read from the state's options, falling back to the defaults. Read per call: cheap. */
export function readSettings(state: StateFile): Settings {
  return { ...SETTING_DEFAULTS, ...(state.data.options as Partial<Settings>) };
}

/** Price overrides (`model_prices` option, JSON) over the built-in defaults. */
export function priceOverrides(state: StateFile): Record<string, ModelPrice> {
  const value = state.data.options.model_prices;
  if (typeof value !== 'string' || value === '') return {};
  try {
    return JSON.parse(value) as Record<string, ModelPrice>;
  } catch {
    return {};
  }
}

/** `group_ratios` option (JSON `{"default": 1, "vip": 0.8}`). */
export function groupRatio(state: StateFile, group: string): number {
  const value = state.data.options.group_ratios;
  if (typeof value === 'string' && value) {
    try {
      const ratios = JSON.parse(value) as Record<string, number>;
      if (typeof ratios[group] === 'number') return ratios[group];
    } catch {
      // fall through to 1
    }
  }
  return 1;
}
