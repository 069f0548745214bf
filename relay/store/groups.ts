import type { GroupRecord, UserRecord } from './schema.js';
import type { StateFile } from './state-file.js';

export const DEFAULT_GROUP = 'default';

export type NewGroup = Pick<GroupRecord, 'name'> & Partial<Pick<GroupRecord, 'ratio' | 'description' | 'selectable' | 'limits'>>;

/** Where a group is named: channels serving it, users in it, keys calling with it. */
export interface GroupUsage {
  channels: number;
  users: number;
  tokens: number;
}

export type GroupDeletion = { deleted: true } | { deleted: false; reason: 'missing' | 'default' | 'in use'; usage?: GroupUsage };

/** User groups and their price ratios. */
export interface GroupStore {
  list(): readonly GroupRecord[];
  byName(name: string): GroupRecord | undefined;
  /** The ratio of a group; 1 for a group without a record. */
  ratio(name: string): number;
  /** Answers null when a group of that name exists (checked and inserted in one step). */
  create(group: NewGroup): Promise<GroupRecord | null>;
  update(name: string, change: (group: GroupRecord) => void): Promise<GroupRecord | undefined>;
  /** Refuses `default` and groups still named by a channel, user or key (checked and deleted in one step). */
  delete(name: string): Promise<GroupDeletion>;
  usage(name: string): GroupUsage;
  /** Usage of every group, counted in one pass. */
  usageByGroup(): Map<string, GroupUsage>;
  /** The groups a user may use for keys: their own group and every selectable one. */
  usableBy(user: Pick<UserRecord, 'group'>): GroupRecord[];
}

/** The ratio of `name` in the state (1 when it has no record). */
export function groupRatioOf(state: StateFile, name: string): number {
  return groupRatioIn(state.data.groups, name);
}

/** The ratio of `name` among these group records (1 when it has none). Read on every call: a short list, a plain loop. */
export function groupRatioIn(groups: readonly GroupRecord[], name: string): number {
  for (const group of groups) if (group.name === name) return group.ratio;
  return 1;
}

/** Of `groups`, those a user may use for keys: their own group and every selectable one. */
export function groupsUsableBy(groups: readonly GroupRecord[], user: Pick<UserRecord, 'group'>): GroupRecord[] {
  const own = user.group || DEFAULT_GROUP;
  const usable = groups.filter((g) => g.selectable || g.name === own);
  if (!usable.some((g) => g.name === own)) {
    // A group named on the user but never described: usable, at ratio 1.
    usable.unshift({ name: own, ratio: 1, description: '', selectable: false, created_at: 0, updated_at: 0 });
  }
  return usable;
}

function countUsage(state: StateFile): Map<string, GroupUsage> {
  const usage = new Map<string, GroupUsage>();
  const of = (name: string) => {
    let entry = usage.get(name);
    if (!entry) usage.set(name, (entry = { channels: 0, users: 0, tokens: 0 }));
    return entry;
  };
  for (const channel of state.data.channels) for (const name of new Set(channel.groups)) of(name).channels++;
  for (const user of state.data.users) of(user.group || DEFAULT_GROUP).users++;
  for (const token of state.data.tokens) if (token.group) of(token.group).tokens++;
  return usage;
}

export function createStateGroupStore(state: StateFile): GroupStore {
  const byName = (name: string) => state.data.groups.find((g) => g.name === name);
  const usage = (name: string) => countUsage(state).get(name) ?? { channels: 0, users: 0, tokens: 0 };
  return {
    list: () => state.data.groups,
    byName,
    ratio: (name) => groupRatioOf(state, name),
    create(group) {
      const now = Date.now();
      return state.update((data) => {
        if (data.groups.some((g) => g.name === group.name)) return null;
        const record: GroupRecord = {
          name: group.name,
          ratio: group.ratio ?? 1,
          description: group.description ?? '',
          selectable: group.selectable ?? false,
          ...(group.limits && { limits: group.limits }),
          created_at: now,
          updated_at: now,
        };
        data.groups.push(record);
        return record;
      });
    },
    update(name, change) {
      return state.update((data) => {
        const group = data.groups.find((g) => g.name === name);
        if (!group) return undefined;
        change(group);
        group.name = name; // the name is the key
        group.updated_at = Date.now();
        return group;
      });
    },
    delete(name) {
      return state.update((data): GroupDeletion => {
        const index = data.groups.findIndex((g) => g.name === name);
        if (index < 0) return { deleted: false, reason: 'missing' };
        if (name === DEFAULT_GROUP) return { deleted: false, reason: 'default' };
        const used = usage(name);
        if (used.channels + used.users + used.tokens > 0) return { deleted: false, reason: 'in use', usage: used };
        data.groups.splice(index, 1);
        return { deleted: true };
      });
    },
    usage,
    usageByGroup: () => countUsage(state),
    usableBy: (user) => groupsUsableBy(state.data.groups, user),
  };
}
