// Request and response bodies in the log on the embedded store: files under the data folder's
// bodies/ (never in the state file), swept by day. The scenario: test/helpers/call-bodies-scenario.ts.
import { readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { callBodiesScenario } from '../helpers/call-bodies-scenario.js';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('request and response bodies in the log (embedded store)', () => {
  it('kept only when opted in, readable by their owner and administrators, cut, without keys, swept', async () => {
    await callBodiesScenario({}, (relay) => {
      const bodies = join(relay.dataDir, 'bodies');
      return {
        storedText: async () => (await Promise.all((await filesUnder(relay.dataDir)).map((file) => readFile(file, 'latin1')))).join('\n'),
        async ageBodies() {
          const days = await readdir(bodies);
          for (const [index, day] of days.entries()) await rename(join(bodies, day), join(bodies, `2000-01-${String(index + 1).padStart(2, '0')}`));
        },
        keptCount: async () => (await filesUnder(bodies)).filter((file) => file.endsWith('.json')).length,
      };
    });
  }, 60_000);
});
