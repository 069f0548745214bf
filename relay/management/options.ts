import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { SETTING_DEFAULTS } from '../settings.js';
import type { ManagementContext } from './context.js';
import { route } from './route.js';
import { Nothing } from './schemas.js';

/** Settings given as JSON text (prices, group ratios). */
const JSON_OPTIONS = ['model_prices', 'group_ratios'] as const;

/** Settings (root): `GET /api/option/` lists them with defaults, `PUT /api/option/ {key, value}` sets one. */
export function optionRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/option',
      tag: 'system settings',
      access: 'root',
      summary: 'Every relay setting with its current value',
      response: Type.Record(Type.String(), Type.Unknown()),
      handler: () => ({ ...SETTING_DEFAULTS, ...context.state.data.options }),
    }),
    route({
      method: 'put',
      path: '/option',
      tag: 'system settings',
      access: 'root',
      summary: 'Set one relay setting',
      body: Type.Object({ key: Type.String(), value: Type.Unknown() }),
      response: Nothing,
      handler: async ({ body }) => {
    const key = body.key;
    const value = body.value;
    if ((JSON_OPTIONS as readonly string[]).includes(key)) {
      if (typeof value !== 'string') throw new ApiError(400, `${key} must be a JSON string.`);
      try {
        if (value !== '') JSON.parse(value);
      } catch {
        throw new ApiError(400, `${key} is not valid JSON.`);
      }
    } else if (key in SETTING_DEFAULTS) {
      const expected = typeof SETTING_DEFAULTS[key as keyof typeof SETTING_DEFAULTS];
      const coerced = expected === 'number' && typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof coerced !== expected || (expected === 'number' && (!Number.isFinite(coerced) || (coerced as number) < 0))) {
        throw new ApiError(400, `${key} must be a${expected === 'number' ? ' non-negative number' : ` ${expected}`}.`);
      }
      if (key === 'unpriced_model_policy' && coerced !== 'free' && coerced !== 'reject') throw new ApiError(400, 'unpriced_model_policy is free or reject.');
      if (key === 'base_path' && coerced !== '' && !/^(\/[A-Za-z0-9._~-]+)+$/.test(String(coerced))) {
        throw new ApiError(400, 'base_path is empty or a path like /relay (no trailing slash).');
      }
      await context.state.update((data) => {
        data.options[key] = coerced as string | number | boolean;
      });
      if (key === 'log_retention_days') context.logs.setRetentionDays(coerced as number);
      return null;
    } else {
      throw new ApiError(400, `Unknown setting ${key}.`);
    }
    await context.state.update((data) => {
      data.options[key] = value as string;
    });
    return null;
      },
    }),
  ];
}
