// Records of calls that charged nothing (refused before any reservation: an unknown model)
// wait in Redis, not in the instance's memory: killed (SIGKILL) right after answering them,
// the instance loses none; another takes its outbox over and writes each once.
import { describe, expect, it } from 'vitest';
import { burst, chat, fakeOpenAI, setUpTeam, startTeam } from './team.js';
import type { Instance } from './team.js';

describe('an instance killed right after refusing calls', () => {
  it('has every refused call it answered logged once, by another instance', async () => {
    const upstream = await fakeOpenAI();
    const team = await startTeam({ instances: 2 });
    const { key } = await setUpTeam(team, upstream, ['gpt-4o']);
    const [, victim] = team.instances as [Instance, Instance];

    const refused = await burst(60, 20, () => chat(victim, key, { model: 'no-such-model' }));
    await victim.kill();
    const ids = refused.map((r) => r.requestId);
    expect(refused.filter((r) => r.status < 400 || r.requestId === null), 'every call refused, with its request id').toEqual([]);

    // The victim's heartbeat expires (5 s), the survivor sweeps (every 3 s) and drains its outbox.
    const logged = async () => {
      const rows = await team.sql<{ request_id: string; n: string }>('SELECT request_id, count(*) AS n FROM logs WHERE request_id = ANY($1) GROUP BY 1', [ids]);
      const times = new Map(rows.map((r) => [r.request_id, Number(r.n)]));
      return ids.filter((id) => times.get(id!) !== 1).map((id) => `${id}: logged ${times.get(id!) ?? 0} times`);
    };
    await expect.poll(logged, { timeout: 20_000, interval: 500 }).toEqual([]);
  }, 90_000);
});
