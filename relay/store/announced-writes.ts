// Server mode: each write through a record port is announced to every instance with the ids
// of the records it changed (relay/store/redis/change-feed.ts), so the others reload those
// rows only. A write whose records are not known from its arguments or answer (a group, a
// setting, all the sessions of a user) announces its whole table.
import type { ChannelRepo, SessionRepo, TokenRepo, UserRepo } from './ports.js';

/** The ids a write changed: [] for none, undefined for "any in the table". */
type Changed = ReadonlyArray<string | number> | undefined;
type IdsOf<R> = { [K in keyof R]?: R[K] extends (...args: infer A) => infer P ? (args: A, answer: Awaited<P>) => Changed : never };

const first = <A extends readonly unknown[]>(args: A): Changed => {
  const id = args[0];
  return Array.isArray(id) ? (id as Array<string | number>) : [id as string | number];
};
const answered = (record: { id: number } | null | undefined): Changed => (record ? [record.id] : []);

export const USER_WRITES: IdsOf<UserRepo> = { create: (_, user) => answered(user), update: first };
export const TOKEN_WRITES: IdsOf<TokenRepo> = { create: (_, made) => [made.record.id], update: first, regenerate: first, remove: first };
export const SESSION_WRITES: IdsOf<SessionRepo> = { create: (_, session) => [session.id_hash], delete: first };
export const CHANNEL_WRITES: IdsOf<ChannelRepo> = { create: (_, channel) => answered(channel), remove: first, update: first, editKeys: first, setProxy: first };

/**
 * The repo, each write (every operation but `reads`) calling `tell` with the ids it changed
 * (`writes`; a write not listed there: undefined, the whole table) once it is done.
 */
export function announcedWrites<R extends object>(repo: R, reads: ReadonlyArray<keyof R>, tell: (ids: Changed) => Promise<void>, writes: IdsOf<R> = {}): R {
  const wrapped = { ...repo } as Record<string, unknown>;
  for (const [name, operation] of Object.entries(repo)) {
    if (typeof operation !== 'function' || reads.includes(name as keyof R)) continue;
    const idsOf = writes[name as keyof R] as ((args: unknown[], answer: unknown) => Changed) | undefined;
    wrapped[name] = async (...args: unknown[]) => {
      const result: unknown = await (operation as (...a: unknown[]) => unknown)(...args);
      const ids = idsOf?.(args, result);
      if (ids === undefined || ids.length > 0) await tell(ids);
      return result;
    };
  }
  return wrapped as R;
}
