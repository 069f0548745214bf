import { Role } from './management/contract.js';
import type { UserRepo } from './store/ports.js';

/**
 * What the operator should hear when the relay listens beyond this machine: an owner whose
 * password is all that guards it (no two-step code, no passkey). Without an owner, finishing
 * setup from another machine needs the setup code (server.ts), which start.ts prints.
 */
export async function lanWarnings(users: UserRepo): Promise<string[]> {
  const { total } = await users.list({ page: 1, pageSize: 1 });
  if (total === 0) return [];
  // The root user is the first one made (setup) and is never deleted: the oldest of the list.
  const [owner] = (await users.list({ page: total, pageSize: 1 })).items;
  if (!owner || owner.role !== Role.root) return [];
  if (owner.totp?.enabled || owner.passkeys.length > 0) return [];
  return [`LAN: the owner "${owner.username}" signs in with a password alone: anyone on the network who guesses it controls this relay. Turn on two-step verification (console → profile).`];
}
