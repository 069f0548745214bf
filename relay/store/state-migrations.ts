// The state file's migrations: `migrations[n]` takes a state of version n - 1 to version n
// (schema.ts has the shapes and CURRENT_SCHEMA_VERSION).
import { randomUUID } from 'node:crypto';
import { blankAccountFields, newAffCode } from './account-records.js';
import { blankModel, defaultGroup, type GroupRecord, type ModelRecord } from './schema.js';

/**
 * `migrations[n]` upgrades a state of version n-1 to version n, in place. Version 0 is a
 * file written before versioning (never released; kept as the worked example of the shape
 * a migration takes).
 */
export type Migration = (data: Record<string, unknown>) => void;
export const migrations: Record<number, Migration> = {
  1: (data) => {
    data.instance_id ??= randomUUID();
    data.secret_backend ??= null;
    data.next_ids ??= { user: 1 };
    data.users ??= [];
    data.sessions ??= [];
    data.options ??= {};
  },
  // API keys and channels arrive with the relay core.
  2: (data) => {
    const ids = (data.next_ids ??= {}) as Record<string, number>;
    ids.token ??= 1;
    ids.channel ??= 1;
    data.tokens ??= [];
    data.channels ??= [];
  },
  // Groups, suppliers and models (metadata and prices) get their own records; the
  // `group_ratios` and `model_prices` options (JSON text) move into them.
  3: (data) => {
    const ids = (data.next_ids ??= {}) as Record<string, number>;
    ids.supplier ??= 1;
    ids.model ??= 1;
    data.suppliers ??= [];
    const options = (data.options ??= {}) as Record<string, unknown>;
    const now = Date.now();
    const groups = (data.groups ??= []) as GroupRecord[];
    for (const [name, ratio] of Object.entries(parseJsonObject(options.group_ratios))) {
      if (typeof ratio !== 'number' || !Number.isFinite(ratio) || ratio < 0 || groups.some((g) => g.name === name)) continue;
      groups.push({ name, ratio, description: '', selectable: name === 'default', created_at: now, updated_at: now });
    }
    if (!groups.some((g) => g.name === 'default')) groups.unshift(defaultGroup(now));
    // Groups named by channels, users and keys so far, so that the console lists them all.
    const named = [
      ...((data.channels ?? []) as { groups?: string[] }[]).flatMap((c) => c.groups ?? []),
      ...((data.users ?? []) as { group?: string }[]).map((u) => u.group ?? ''),
      ...((data.tokens ?? []) as { group?: string }[]).map((t) => t.group ?? ''),
    ];
    for (const name of named) {
      if (name && !groups.some((g) => g.name === name)) groups.push({ name, ratio: 1, description: '', selectable: false, created_at: now, updated_at: now });
    }
    const models = (data.models ??= []) as ModelRecord[];
    for (const [name, price] of Object.entries(parseJsonObject(options.model_prices))) {
      if (typeof price !== 'object' || price === null || models.some((m) => m.name === name)) continue;
      const p = price as Record<string, unknown>;
      const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);
      models.push({
        ...blankModel(ids.model++, name, now),
        price_per_call: num(p.pricePerCall),
        model_ratio: num(p.pricePerCall) === null ? num(p.modelRatio) : null,
        completion_ratio: num(p.completionRatio),
        cache_ratio: num(p.cacheRatio),
        cache_write_ratio: num(p.cacheWriteRatio),
      });
    }
    delete options.group_ratios;
    delete options.model_prices;
  },
  // Reservations become durable: a checkpoint of the quota journal lives in the state.
  4: (data) => {
    data.ledger_seq ??= 0;
    data.open_reservations ??= {};
  },
  // Channels declare the call families they serve; existing ones keep their type's defaults.
  5: (data) => {
    for (const channel of (data.channels ?? []) as { families?: unknown }[]) channel.families ??= [];
  },
  // Models are priced per unit other than tokens too (requests, search units, images…); none so far.
  6: (data) => {
    for (const model of (data.models ?? []) as { unit_prices?: unknown }[]) model.unit_prices ??= {};
  },
  // Video generation tasks outlive a call and a restart: they are kept with their reservations.
  7: (data) => {
    data.video_tasks ??= [];
  },
  // Unit prices may depend on the output size (a second of video, an image); none so far.
  8: (data) => {
    for (const model of (data.models ?? []) as { size_ratios?: unknown }[]) model.size_ratios ??= {};
  },
  // Accounts and money: users get an invitation code and sign-in factors; codes and top-ups are kept.
  9: (data) => {
    for (const user of (data.users ?? []) as Record<string, unknown>[]) {
      for (const [field, value] of Object.entries(blankAccountFields(newAffCode()))) user[field] ??= value;
    }
    const ids = data.next_ids as Record<string, number>;
    ids.redemption ??= 1;
    ids.top_up ??= 1;
    data.redemptions ??= [];
    data.top_ups ??= [];
  },
};

function parseJsonObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string' || value === '') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

