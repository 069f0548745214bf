import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { OPTION_GROUPS, SECRET_OPTIONS, SETTING_DEFAULTS, checkOption, optionSpecs, secretNameOfOption } from '../settings.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { Nothing } from './schemas.js';

const OptionValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

const OptionViewSchema = Type.Object({
  key: Type.String(),
  group: Type.Union(OPTION_GROUPS.map((g) => Type.Literal(g))),
  type: Type.Union(['integer', 'number', 'boolean', 'string', 'enum', 'secret'].map((t) => Type.Literal(t))),
  description: Type.String(),
  value: Type.Union([OptionValue, Type.Null()], { description: 'null for secrets: they are never answered' }),
  default: Type.Union([OptionValue, Type.Null()]),
  set: Type.Optional(Type.Boolean({ description: 'Secrets only: whether a value is stored' })),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  values: Type.Optional(Type.Array(Type.String())),
  pattern: Type.Optional(Type.String()),
  patternHint: Type.Optional(Type.String()),
  maxLength: Type.Optional(Type.Integer()),
  required: Type.Optional(Type.Boolean()),
  restart: Type.Optional(Type.Boolean({ description: 'Applies at the next start' })),
});

/** Settings that moved to their own records. */
const MOVED: Record<string, string> = {
  group_ratios: 'Group ratios are set per group: PUT /api/group/ {name, ratio}.',
  model_prices: 'Model prices are set per model: POST or PUT /api/models/meta/.',
};

/**
 * Settings (root): `GET /api/option/` lists every option with its value and metadata (type,
 * default, range, allowed values, group); `PUT /api/option/ {key, value}` (or `{values:
 * {key: value, …}}`, all checked before any is saved) sets them; `null` restores the default.
 * Secret options are write-only: answered as `{value: null, set}`.
 */
export function optionRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/option',
      tag: 'system settings',
      access: 'root',
      summary: 'Every relay setting with its value, default and validation rules (secrets: only whether set)',
      response: Type.Array(OptionViewSchema),
      handler: async () => {
        const options = await context.store.settings.all();
        const specs = optionSpecs();
        const stored = new Set<string>();
        for (const spec of specs) if (spec.type === 'secret' && (await context.secrets.get(secretNameOfOption(spec.key))) !== null) stored.add(spec.key);
        return specs.map((spec) => {
          if (spec.type === 'secret') return { ...spec, value: null, set: stored.has(spec.key) };
          const value = Object.hasOwn(options, spec.key) ? options[spec.key]! : spec.default;
          return { ...spec, value };
        });
      },
    }),
    route({
      method: 'put',
      path: '/option',
      tag: 'system settings',
      access: 'root',
      summary: 'Set one setting ({key, value}) or several ({values: {key: value}}); null restores the default',
      body: Type.Object({
        key: Type.Optional(Type.String()),
        value: Type.Optional(Type.Unknown()),
        values: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      }),
      response: Nothing,
      handler: async ({ body }) => {
        const given: [string, unknown][] = Object.entries(body.values ?? {});
        if (body.key !== undefined) {
          if (body.value === undefined) throw new ApiError(400, `Give a value for ${body.key} (null restores the default).`);
          given.push([body.key, body.value]);
        }
        if (given.length === 0) throw new ApiError(400, 'Give {key, value} or {values: {key: value, …}}.');
        const checked: [string, string | number | boolean | null][] = [];
        for (const [key, raw] of given) {
          if (MOVED[key]) throw new ApiError(400, MOVED[key]);
          const result = checkOption(key, raw);
          if ('error' in result) throw new ApiError(400, result.error);
          checked.push([key, result.value]);
        }
        const secrets = checked.filter(([key]) => Object.hasOwn(SECRET_OPTIONS, key));
        for (const [key, value] of secrets) {
          if (value === null || value === '') await context.secrets.delete(secretNameOfOption(key));
          else await context.secrets.set(secretNameOfOption(key), String(value));
        }
        const plain = checked.filter(([key]) => !Object.hasOwn(SECRET_OPTIONS, key));
        await context.store.settings.set(Object.fromEntries(plain.map(([key, value]) => [key, value ?? undefined])));
        for (const [key, value] of plain) {
          if (key === 'log_retention_days') context.store.logs.setRetentionDays(value === null ? SETTING_DEFAULTS.log_retention_days : (value as number));
        }
        const later = plain.filter(([key]) => optionSpecs().find((s) => s.key === key)?.restart).map(([key]) => key);
        return new Answer(null, later.length > 0 ? `Saved; ${later.join(', ')} take${later.length === 1 ? 's' : ''} effect at the next start.` : 'Saved.');
      },
    }),
  ];
}
