import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { LogType } from '../store/logs/index.js';
import { blankModel } from '../store/schema.js';
import type { ModelRecord } from '../store/schema.js';
import type { ManagementContext } from './context.js';
import { changed, PriceFields } from './models.js';
import type { Fields } from './models.js';
import { Answer, route } from './route.js';

/** The most prices one import takes. */
const MAX_ENTRIES = 5000;

/** The price fields of a model record: all an import reads and writes. */
const PRICE_FIELDS = Object.keys(PriceFields) as Array<keyof typeof PriceFields>;

/** A catalogue entry: a model's price as the models API shows it (GET /api/models/meta items); other fields are ignored. */
const PriceEntry = Type.Object({ name: Type.String({ minLength: 1, maxLength: 128 }), ...PriceFields }, { additionalProperties: true });

const Nullable = Type.Union([Type.Number(), Type.Null()]);
const Price = Type.Object({
  model_ratio: Nullable,
  price_per_call: Nullable,
  completion_ratio: Nullable,
  cache_ratio: Nullable,
  cache_write_ratio: Nullable,
  unit_prices: Type.Record(Type.String(), Type.Number()),
  size_ratios: Type.Record(Type.String(), Type.Number()),
});
type PriceView = Static<typeof Price>;

const ImportDiff = Type.Object({
  applied: Type.Boolean({ description: 'Whether the changes were saved (false: a dry run)' }),
  added: Type.Array(Type.Object({ name: Type.String(), after: Price }), { description: 'Models without a record: a record is made with this price' }),
  changed: Type.Array(Type.Object({ name: Type.String(), before: Price, after: Price }), { description: 'Records whose price the import changes' }),
  unchanged: Type.Array(Type.String(), { description: 'Records the import leaves as they are' }),
});

/** One entry's planned outcome. */
type Planned = { name: string; after: ModelRecord; before?: ModelRecord };

/**
 * A price catalogue imported in bulk: the diff first (dry run), then applied. An entry's
 * fields left out keep the record's, null clears one (as PUT /api/models/meta); the same
 * checks as one model's change apply, so an invalid entry refuses the whole import.
 */
export function modelPriceImportRoutes(context: ManagementContext) {
  return [
    route({
      method: 'post',
      path: '/models/prices/import',
      tag: 'model management',
      access: 'admin',
      summary:
        'Import model prices in bulk (a list in the shape of GET /api/models/meta items; only name and the price fields are read): answers which models are added, changed (before and after) and unchanged; saves them only with apply true',
      body: Type.Object({
        models: Type.Array(PriceEntry, { maxItems: MAX_ENTRIES }),
        apply: Type.Boolean({ description: 'false: only the diff (a dry run); true: save it' }),
      }),
      response: ImportDiff,
      audit: false,
      handler: async ({ body, user, req }) => {
        const plan = planImport(body.models, await context.store.models.list());
        const added = plan.filter((p) => !p.before);
        const changes = plan.filter((p): p is Required<Planned> => p.before !== undefined && !samePrice(p.before, p.after));
        const unchanged = plan.filter((p) => p.before && samePrice(p.before, p.after)).map((p) => p.name);
        if (body.apply) await applyPlan(context, [...added, ...changes]);
        const diff = {
          applied: body.apply,
          added: added.map((p) => ({ name: p.name, after: priceOf(p.after) })),
          changed: changes.map((p) => ({ name: p.name, before: priceOf(p.before), after: priceOf(p.after) })),
          unchanged,
        };
        const counts = `${added.length} added, ${changes.length} changed, ${unchanged.length} unchanged`;
        // A dry run changes nothing: only an applied import is audited, with what it changed.
        if (body.apply) {
          const names = [...added, ...changes].map((p) => p.name);
          const listed = names.length > 20 ? `${names.slice(0, 20).join(', ')}, …` : names.join(', ');
          context.store.logs.append({ type: LogType.manage, user_id: user.id, username: user.username, ip: req.socket.remoteAddress ?? '', request_id: req.requestId, content: `imported model prices: ${counts}${listed ? ` (${listed})` : ''}` });
        }
        return new Answer(diff, body.apply ? `Prices imported: ${counts}.` : `Dry run: ${counts}; nothing saved.`);
      },
    }),
  ];
}

function planImport(entries: ReadonlyArray<Static<typeof PriceEntry>>, records: readonly ModelRecord[]): Planned[] {
  const byName = new Map(records.map((r) => [r.name, r]));
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    const name = entry.name.trim();
    if (seen.has(name)) throw new ApiError(400, `models[${index}]: ${name} is listed twice.`);
    seen.add(name);
    const fields: Fields = { name };
    for (const key of PRICE_FIELDS) if (entry[key] !== undefined) Object.assign(fields, { [key]: entry[key] });
    const before = byName.get(name);
    try {
      return { name, before, after: changed(fields, before ?? blankModel(0, name, 0)) };
    } catch (error) {
      throw error instanceof ApiError ? new ApiError(400, `models[${index}] (${name.slice(0, 128)}): ${error.message}`) : error;
    }
  });
}

async function applyPlan(context: ManagementContext, plan: Planned[]): Promise<void> {
  for (const { name, before, after } of plan) {
    const price = priceOf(after);
    if (before) {
      const updated = await context.store.models.update(before.id, (current) => Object.assign(current, price));
      if (!updated) throw new ApiError(409, `The record of ${name} changed while importing; import again to see the new diff.`);
    } else if (!(await context.store.models.create({ name, ...price }))) {
      throw new ApiError(409, `A record of ${name} was made while importing; import again to see the new diff.`);
    }
  }
}

function priceOf(record: ModelRecord): PriceView {
  return {
    model_ratio: record.model_ratio,
    price_per_call: record.price_per_call,
    completion_ratio: record.completion_ratio,
    cache_ratio: record.cache_ratio,
    cache_write_ratio: record.cache_write_ratio,
    unit_prices: { ...record.unit_prices },
    size_ratios: { ...record.size_ratios },
  };
}

function samePrice(a: ModelRecord, b: ModelRecord): boolean {
  return JSON.stringify(sortedPrice(a)) === JSON.stringify(sortedPrice(b));
}

function sortedPrice(record: ModelRecord) {
  const sorted = (map: Record<string, unknown>) => Object.fromEntries(Object.entries(map).sort(([x], [y]) => x.localeCompare(y)));
  const price = priceOf(record);
  return { ...price, unit_prices: sorted(price.unit_prices), size_ratios: sorted(price.size_ratios) };
}
