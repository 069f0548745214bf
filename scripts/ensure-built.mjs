// `npm start` runs this first: it builds the node side (tsc) and the console (vite) only
// when their sources are newer than the last build, so a second start is instant.
// Plain JavaScript because it runs before anything is compiled.
//
// "Built" means a marker (dist/.build/<step>.json) written only after the step succeeded,
// holding the time the step started. Each build first removes its marker, so a build that
// fails or is interrupted leaves nothing a later start takes for a build: it builds again.
// tsc emits nothing on a type error (noEmitOnError in tsconfig.build.json).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const shared = ['package.json', 'tsconfig.base.json'];

export const BUILD_STEPS = [
  {
    name: 'relay',
    label: 'Building the relay…',
    inputs: ['relay', 'main', 'tsconfig.json', 'tsconfig.build.json', ...shared],
    command: ['tsc', ['-p', 'tsconfig.build.json']],
  },
  {
    name: 'console',
    label: 'Building the console…',
    inputs: ['renderer', 'vite.config.ts', 'relay/management/contract.ts', ...shared],
    command: ['vite', ['build', '--logLevel', 'warn']],
    // The relay serves its API without a console (the console page then says it is not built):
    // a start where only the bundler fails (its native part left out by `npm ci --omit=optional`)
    // still gives agents their relay. Its half-written output is removed, never served.
    optional: { output: 'dist/renderer', hint: 'vite needs its native bundler (rolldown), an optional dependency: run "npm install" (without --omit=optional) to get it' },
  },
];

function newestMtime(root, paths) {
  let newest = 0;
  for (const path of paths) {
    const full = join(root, path);
    if (!existsSync(full)) continue;
    const info = statSync(full);
    if (info.isDirectory()) {
      for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(root, [join(path, entry)]));
    } else {
      newest = Math.max(newest, info.mtimeMs);
    }
  }
  return newest;
}

const markerOf = (root, step) => join(root, 'dist', '.build', `${step.name}.json`);

/** When the last successful build of this step started, or 0 if there is none. */
function builtFrom(root, step) {
  try {
    return Number(JSON.parse(readFileSync(markerOf(root, step), 'utf8')).startedAt) || 0;
  } catch {
    return 0;
  }
}

/** Whether the step's output is from a successful build of its current sources. */
export function isBuilt(root, step) {
  const startedAt = builtFrom(root, step);
  return startedAt > 0 && newestMtime(root, step.inputs) <= startedAt;
}

/** Builds every stale step in order; answers false (and stops) at the first required step that fails. */
export function ensureBuilt(root, steps = BUILD_STEPS, log = console.log) {
  for (const step of steps) {
    if (isBuilt(root, step)) continue;
    const [command, args] = step.command;
    const bin = join(root, 'node_modules', '.bin', command);
    if (!existsSync(bin)) {
      console.error(`relaydesk: ${command} is missing: run "npm install" first.`);
      return false;
    }
    log(step.label);
    const marker = markerOf(root, step);
    rmSync(marker, { force: true });
    const startedAt = Date.now();
    // An optional step's output goes to a file: its failure is expected on some machines, and
    // the bundler's stack trace would bury the one line saying what to do.
    const outputFile = join(root, 'dist', '.build', `${step.name}-build.log`);
    mkdirSync(join(root, 'dist', '.build'), { recursive: true });
    const result = spawnSync(bin, args, { cwd: root, stdio: step.optional ? ['ignore', 'pipe', 'pipe'] : 'inherit', maxBuffer: 64 << 20 });
    if (step.optional) writeFileSync(outputFile, Buffer.concat([result.stdout ?? Buffer.alloc(0), result.stderr ?? Buffer.alloc(0)]));
    if (result.status !== 0) {
      if (step.optional) {
        rmSync(join(root, step.optional.output), { recursive: true, force: true });
        console.error(`relaydesk: building the ${step.name} failed, so the relay starts without it (${step.optional.hint}); the next start builds it again. The build's output: ${outputFile}`);
        continue;
      }
      console.error(`relaydesk: building the ${step.name} failed; the next start builds it again.`);
      return false;
    }
    writeFileSync(marker, JSON.stringify({ startedAt }) + '\n');
  }
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(ensureBuilt(fileURLToPath(new URL('..', import.meta.url))) ? 0 : 1);
}
