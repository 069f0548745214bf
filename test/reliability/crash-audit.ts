// What must hold after a crash and restart (the crash scenario): every acknowledged management
// write is there, every answered call is logged exactly once, and for every key and the user,
// quota granted − used − held = left, exactly, with nothing held (no call is running). `used`
// is summed from the call log, `granted` is what the test gave: neither is the relay's own sum.
import { LogType } from '../../relay/store/logs/types.js';
import type { ApiClient } from '../helpers/relay.js';
import type { Ledger } from './crash-burst.js';

export interface Audit {
  problems: string[];
  /** Quota still held by reservations (keys and the account), seen by /v1/usage. */
  held: number;
  logged: number;
}

async function pages(client: ApiClient, path: string): Promise<any[]> {
  const items: any[] = [];
  for (let p = 1; ; p++) {
    const page = await client.call('GET', `${path}${path.includes('?') ? '&' : '?'}p=${p}&page_size=100`);
    if (!page.json?.success) throw new Error(`${path}: ${page.text}`);
    items.push(...page.json.data.items);
    if (items.length >= page.json.data.total || page.json.data.items.length === 0) return items;
  }
}

/** `callKeys`: name → key of the keys the calls use; `callerId`: the user whose quota is audited. */
export async function audit(origin: string, root: ApiClient, caller: ApiClient, callerId: number, callKeys: Map<string, string>, ledger: Ledger): Promise<Audit> {
  const problems: string[] = [];
  const logs = await pages(root, '/api/log/');
  const times = new Map<string, number>();
  for (const record of logs) if (record.request_id) times.set(record.request_id, (times.get(record.request_id) ?? 0) + 1);
  for (const call of ledger.calls) {
    const n = call.requestId ? (times.get(call.requestId) ?? 0) : 0;
    if (call.answered && n !== 1) problems.push(`answered ${call.family} call ${call.requestId} logged ${n} times`);
  }
  for (const [id, n] of times) if (n > 1) problems.push(`request ${id} logged ${n} times`);
  const usedBy = (field: 'token_id' | 'user_id', id: number) =>
    logs.filter((r) => r.type === LogType.consume && r[field] === id).reduce((total, r) => total + r.quota, 0);

  // Keys: each acknowledged one exists once; given = left + used (from the log).
  const keys = await pages(caller, '/api/token/');
  for (const name of ledger.keys.keys()) {
    const found = keys.filter((k) => k.name === name);
    if (found.length !== 1) problems.push(`acknowledged key ${name} found ${found.length} times`);
  }
  let held = 0;
  for (const key of keys) {
    const granted = ledger.keys.get(key.name);
    if (granted === undefined) {
      if (!ledger.unsure.has(key.name)) problems.push(`key ${key.name} nobody asked for`);
      continue;
    }
    const used = usedBy('token_id', key.id);
    if (key.remain_quota + used !== granted) problems.push(`key ${key.name}: left ${key.remain_quota} + used ${used} ≠ granted ${granted}`);
    if (key.used_quota !== used) problems.push(`key ${key.name}: its counter says used ${key.used_quota}, its log ${used}`);
  }
  // Codes: each acknowledged redemption is in the balance; the user's given = left + used.
  const codes = (await pages(root, '/api/redemption/')).filter((c) => c.status === 3 && c.redeemed_by === callerId);
  const redeemed = new Set<number>(codes.map((c) => c.quota));
  for (const quota of ledger.redeemed) if (!redeemed.has(quota)) problems.push(`acknowledged redemption of ${quota} is not recorded`);
  const user = (await caller.call('GET', '/api/user/self')).json.data;
  const granted = codes.reduce((total, c) => total + c.quota, 0);
  const used = usedBy('user_id', callerId);
  if (user.quota + used !== granted) problems.push(`user: left ${user.quota} + used ${used} ≠ granted ${granted} (codes redeemed)`);
  if (user.used_quota !== used) problems.push(`user: its counter says used ${user.used_quota}, its log ${used}`);

  // The setting: the last acknowledged value, or one sent after it.
  const options = (await root.call('GET', '/api/option/')).json.data as Array<{ key: string; value: unknown }>;
  const site = String(options.find((o) => o.key === 'site_name')?.value);
  const value = Number(/^crash (\d+)$/.exec(site)?.[1] ?? 0);
  if (value < ledger.setting.acked || value > ledger.setting.sent) problems.push(`site_name is "${site}", acknowledged ${ledger.setting.acked}, last sent ${ledger.setting.sent}`);
  // Held quota last, once everything else balances (/v1/usage allows 30 queries a minute per account).
  if (problems.length === 0) {
    for (const [name, secret] of callKeys) {
      const answer = await fetch(`${origin}/v1/usage`, { headers: { authorization: `Bearer ${secret}` } });
      const usage = (await answer.json().catch(() => undefined)) as any;
      if (answer.status !== 200) {
        problems.push(`key ${name}: /v1/usage answered ${answer.status} ${JSON.stringify(usage)}`);
        continue;
      }
      const h = usage.key.held.quota + usage.account.held.quota;
      held += h;
      if (h !== 0) problems.push(`key ${name} or its account holds ${h} with no call running`);
    }
  }
  return { problems, held, logged: logs.length };
}
