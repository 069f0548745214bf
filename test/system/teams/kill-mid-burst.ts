// One instance of three killed with SIGKILL in the middle of a burst of calls (mostly streams of
// about a second), once 30 calls were answered and at least 5 run on it; the burst goes on on
// the other two for 1.5 s. For the instance-loss tests.
import { chat, fakeOpenAI, setUpTeam, startTeam } from './team.js';
import type { ChatResult, Instance, Team } from './team.js';

export const KEY_QUOTA = 5_000_000;

export interface KilledMidBurst {
  team: Team;
  key: string;
  /** A survivor, and the instance killed. */
  one: Instance;
  victim: Instance;
  results: ChatResult[];
  /** How many calls were running on the victim when it was killed. */
  runningOnVictim: number;
  killedAt: number;
}

export async function killMidBurst(): Promise<KilledMidBurst> {
  // `repeat 30`: 25 chunks 40 ms apart, a stream of about a second.
  const upstream = await fakeOpenAI({ chunkDelayMs: 40 });
  const team = await startTeam({ instances: 3 });
  const { key } = await setUpTeam(team, upstream, ['gpt-4o'], { unlimited_quota: false, remain_quota: KEY_QUOTA });
  const [one, victim] = team.instances as [Instance, Instance, Instance];

  const results: ChatResult[] = [];
  const inFlight = new Map<string, number>(team.instances.map((i) => [i.name, 0]));
  let killedAt = 0;
  let stop = false;
  const worker = async (n: number) => {
    for (let i = 0; !stop; i++) {
      const live = team.instances.filter((instance) => instance !== victim || !killedAt);
      const instance = live[(n + i) % live.length]!;
      inFlight.set(instance.name, inFlight.get(instance.name)! + 1);
      results.push(await chat(instance, key, { stream: (n + i) % 4 !== 0, words: 30, maxTokens: 100 }));
      inFlight.set(instance.name, inFlight.get(instance.name)! - 1);
    }
  };
  const workers = Promise.all(Array.from({ length: 24 }, (_, n) => worker(n)));
  const deadline = Date.now() + 30_000;
  while (!(results.filter((r) => r.answered).length >= 30 && inFlight.get(victim.name)! >= 5)) {
    if (Date.now() > deadline) throw new Error('the burst never had calls running on the victim');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const runningOnVictim = inFlight.get(victim.name)!;
  killedAt = Date.now();
  await victim.kill();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  stop = true;
  await workers;
  return { team, key, one, victim, results, runningOnVictim, killedAt };
}
