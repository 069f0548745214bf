// `npm start` runs this first: it builds the node side (tsc) and the console (vite) only
// when their sources are newer than the last build, so a second start is instant.
// Plain JavaScript because it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(paths) {
  let newest = 0;
  for (const path of paths) {
    const full = join(root, path);
    if (!existsSync(full)) continue;
    const info = statSync(full);
    if (info.isDirectory()) {
      for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime([join(path, entry)]));
    } else {
      newest = Math.max(newest, info.mtimeMs);
    }
  }
  return newest;
}

function builtAt(path) {
  const full = join(root, path);
  return existsSync(full) ? statSync(full).mtimeMs : 0;
}

function run(command, args) {
  const bin = join(root, 'node_modules', '.bin', command);
  if (!existsSync(bin)) {
    console.error(`relaydesk: ${command} is missing: run "npm install" first.`);
    process.exit(1);
  }
  const result = spawnSync(bin, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['package.json', 'tsconfig.base.json'];
if (newestMtime(['relay', 'main', 'tsconfig.json', 'tsconfig.build.json', ...shared]) > builtAt('dist/node/.tsbuildinfo')) {
  console.log('Building the relay…');
  run('tsc', ['-p', 'tsconfig.build.json']);
}
if (newestMtime(['renderer', 'vite.config.ts', 'relay/management/contract.ts', ...shared]) > builtAt('dist/renderer/index.html')) {
  console.log('Building the console…');
  run('vite', ['build', '--logLevel', 'warn']);
}
