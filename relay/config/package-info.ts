import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding Relaydesk's package.json, found from this module's location
 *  (works from `relay/` sources, from `dist/node/relay/`, and inside an app archive). */
export const packageRoot: string = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

export const version: string = (
  JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }
).version;

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (manifest.name === 'relaydesk') return dir;
    } catch {
      // no package.json here: keep walking up
    }
    if (dirname(dir) === dir) throw new Error(`Relaydesk's package.json not found above ${start}`);
  }
}
