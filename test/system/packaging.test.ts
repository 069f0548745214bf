// The desktop packaging, tested offline: electron-builder.yml passes electron-builder's own
// schema validation and says what issue 8 asks for; then a real `electron-builder --dir`
// build for linux x64 runs against a stub Electron distribution (this machine cannot
// download Electron), and the test reads what came out: app.asar, keytar unpacked beside
// it, the tray images, and a relay that actually starts from the packed files.
//
// What keeps the build offline, each a command-line override of electron-builder.yml:
//   -c.electronDist=<dir>       a folder with a stub `electron` executable: electron-builder
//                               copies an unpacked distribution instead of downloading the
//                               zip from GitHub (ElectronFramework `unpack`, "using custom
//                               unpacked Electron distribution"). It renames `electron` to
//                               the app's executable and moves LICENSE to LICENSE.electron.txt.
//   -c.electronVersion=45.4.1   otherwise read from node_modules/electron, whose postinstall
//                               (the binary download) is disabled here.
//   -c.npmRebuild=false         no @electron/rebuild, which would fetch Electron's headers or a
//                               keytar prebuild; keytar's binary from `npm install` is packed as
//                               is (N-API, so valid for Electron on this OS/arch).
//   -c.directories.output=<tmp> keep release/ untouched.
// Nothing else in a --dir build for linux needs the network (no fpm, no AppImage tooling).
import { execFile, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as asar from '@electron/asar';
import { DebugLogger } from 'builder-util';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'app-builder-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const configFile = path.join(root, 'electron-builder.yml');
const run = promisify(execFile);

interface PackageJson {
  main: string;
  scripts: Record<string, string>;
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as PackageJson;

/** A platform's targets as {name: arches}, whatever shorthand the config uses. */
function targets(platform: Configuration['mac'] | Configuration['win'] | Configuration['linux']): Record<string, string[]> {
  const list = platform?.target == null ? [] : Array.isArray(platform.target) ? platform.target : [platform.target];
  const result: Record<string, string[]> = {};
  for (const entry of list) {
    if (typeof entry === 'string') result[entry] = [];
    else result[entry.target] = entry.arch == null ? [] : Array.isArray(entry.arch) ? entry.arch : [entry.arch];
  }
  return result;
}

describe('electron-builder.yml', () => {
  let config: Configuration;
  beforeAll(async () => {
    config = await getConfig(root, configFile, null);
  });

  it('passes electron-builder’s own validation (the JSON schema it checks before every build)', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    // …and that validation is not a formality: a misspelt option fails it.
    const misspelt = { ...config, linux: { ...config.linux, targt: 'deb' } } as Configuration;
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(/configuration object that does not match/);
  });

  it('names the app and builds dmg + zip (x64, arm64) for macOS, nsis for Windows, AppImage + deb for Linux', () => {
    expect(config.appId).toBe('dev.relaydesk.app');
    expect(config.productName).toBe('Relaydesk');
    expect(targets(config.mac)).toEqual({ dmg: ['x64', 'arm64'], zip: ['x64', 'arm64'] });
    expect(Object.keys(targets(config.win))).toEqual(['nsis']);
    expect(Object.keys(targets(config.linux)).sort()).toEqual(['AppImage', 'deb']);
  });

  it('packs into app.asar with keytar left unpacked, and has an icon for every platform', async () => {
    expect(config.asar).not.toBe(false);
    expect(config.asarUnpack).toContain('node_modules/keytar/**');
    for (const icon of [config.mac?.icon, config.win?.icon, config.linux?.icon]) {
      expect(icon).toMatch(/^assets\//);
      await expect(stat(path.join(root, icon!))).resolves.toBeDefined();
    }
  });
});

describe('npm run dist', () => {
  it('empties dist/ before building, so no stale compiled file is packed', async () => {
    const steps = pkg.scripts.dist!.split(' && ');
    expect(steps.slice(1, 2)).toEqual(['npm run build']);
    const scratch = await mkdtemp(path.join(tmpdir(), 'relaydesk-dist-clean-'));
    try {
      await mkdir(path.join(scratch, 'dist', 'node', 'relay'), { recursive: true });
      await writeFile(path.join(scratch, 'dist', 'node', 'relay', 'renamed-away.js'), 'stale');
      await writeFile(path.join(scratch, 'package.json'), '{}');
      await run('sh', ['-c', steps[0]!], { cwd: scratch }); // the clean step, run where dist/ is a throwaway
      expect(await readdir(scratch)).toEqual(['package.json']);
      await run('sh', ['-c', steps[0]!], { cwd: scratch }); // and it does not fail without dist/
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------
// The unpacked build.

let work = '';
let appDir = '';
let archive = '';
let entries: string[] = [];
let buildLog = '';

/** Entries of app.asar without the leading slash: `dist/node/main/index.js`. */
const has = (file: string) => entries.includes(file);

/** A stand-in for Electron's linux-x64 distribution: what electron-builder reads from it. */
async function makeStubElectron(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'electron'), '#!/bin/sh\necho "stub Electron 45.4.1: packaging test only" >&2\nexit 1\n');
  await chmod(path.join(dir, 'electron'), 0o755);
  await writeFile(path.join(dir, 'LICENSE'), 'Stub of Electron’s MIT licence (packaging test)\n');
  await writeFile(path.join(dir, 'LICENSES.chromium.html'), '<!doctype html><title>stub</title>\n');
}

async function treeSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

describe('an unpacked linux x64 build (electron-builder --dir, stub Electron)', () => {
  beforeAll(async () => {
    // dist/ as `npm run build` makes it; skipped when nothing changed since the last build.
    await run(process.execPath, [path.join(root, 'scripts/ensure-built.mjs')], { cwd: root });

    work = await mkdtemp(path.join(tmpdir(), 'relaydesk-packaging-'));
    const electronDist = path.join(work, 'electron-dist');
    const output = path.join(work, 'release');
    await makeStubElectron(electronDist);
    const cli = path.join(root, 'node_modules/electron-builder/cli.js');
    const args = [
      cli, '--dir', '--linux', '--x64', '--config', configFile,
      `-c.electronDist=${electronDist}`, '-c.electronVersion=45.4.1', '-c.npmRebuild=false',
      `-c.directories.output=${output}`,
    ];
    try {
      // builder-util keeps quiet when it sees VITEST in the environment; its log is wanted here.
      const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
      delete env.VITEST;
      const result = await run(process.execPath, args, { cwd: root, maxBuffer: 16 * 1024 * 1024, env });
      buildLog = result.stdout + result.stderr;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      throw new Error(`electron-builder failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
    }
    appDir = path.join(output, 'linux-unpacked');
    archive = path.join(appDir, 'resources', 'app.asar');
    entries = asar.listPackage(archive, { isPack: false }).map((entry) => entry.replace(/^[\\/]/, '').split(path.sep).join('/'));
  }, 240_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('used the stub distribution: the executable is renamed, Electron’s licence kept', async () => {
    expect(buildLog).toMatch(/using custom unpacked Electron distribution/);
    expect(buildLog).toMatch(/skipped dependencies rebuild/);
    const top = await readdir(appDir);
    expect(top).toEqual(expect.arrayContaining(['relaydesk', 'LICENSE.electron.txt', 'resources']));
    expect(top).not.toContain('electron');
    expect((await stat(path.join(appDir, 'relaydesk'))).mode & 0o111).not.toBe(0);
  });

  it('app.asar holds package.json pointing at the main entry, without devDependencies', () => {
    const packed = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8')) as Partial<PackageJson>;
    expect(packed.main).toBe('dist/node/main/index.js');
    expect(packed.main).toBe(pkg.main);
    expect(packed.version).toBe(pkg.version);
    expect(packed.devDependencies).toBeUndefined();
  });

  it('app.asar holds the main process, the preload, the relay and the console', () => {
    for (const file of [
      'dist/node/main/index.js',
      'dist/node/main/preload.cjs',
      'dist/node/relay/index.js',
      'dist/node/relay/server.js',
      'dist/node/relay/start.js',
      'dist/renderer/index.html',
    ]) {
      expect(has(file), file).toBe(true);
    }
    expect(entries.some((e) => /^dist\/renderer\/assets\/index-[\w-]+\.js$/.test(e))).toBe(true);
  });

  it('every module the main process imports is in the archive (or is electron or built into Node)', () => {
    const builtins = new Set(builtinModules);
    const mainFiles = entries.filter((e) => /^dist\/node\/main\/[^/]+\.c?js$/.test(e));
    expect(mainFiles.length).toBeGreaterThan(2);
    for (const file of mainFiles) {
      const source = asar.extractFile(archive, file).toString('utf8');
      const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      for (const specifier of specifiers) {
        if (specifier.startsWith('.')) {
          const target = path.posix.join(path.posix.dirname(file), specifier);
          expect(has(target), `${file} imports ${specifier}`).toBe(true);
        } else if (specifier !== 'electron' && !specifier.startsWith('node:') && !builtins.has(specifier)) {
          const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
          expect(has(`node_modules/${name}/package.json`), `${file} imports ${specifier}`).toBe(true);
        }
      }
    }
  });

  it('production dependencies are packed, development ones are not', () => {
    for (const name of [...Object.keys(pkg.dependencies), 'keytar']) {
      expect(has(`node_modules/${name}/package.json`), name).toBe(true);
    }
    const packedModules = new Set(entries.map((e) => /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(e)?.[1]).filter(Boolean));
    const devPacked = Object.keys(pkg.devDependencies).filter((name) => packedModules.has(name));
    expect(devPacked).toEqual([]);
    for (const name of ['electron', 'vitest', 'vite', 'react', 'react-dom', 'typescript', 'electron-builder', 'app-builder-lib', 'playwright-core']) {
      expect(packedModules.has(name), name).toBe(false);
    }
  });

  it('carries no sources, tests, test results, source maps or build leftovers', () => {
    const junk = entries.filter(
      (e) =>
        /^(relay|main|renderer|test|test-results|assets|scripts|release|coverage)\//.test(e) ||
        /\.(map|tsbuildinfo|d\.ts|d\.mts|d\.cts|tsx?)$/.test(e) ||
        /^node_modules\/\.bin\//.test(e) ||
        /^node_modules\/(?:@[^/]+\/)?[^/]+\/(test|tests|__tests__|coverage)\//.test(e) ||
        /^node_modules\/keytar\/(src|build\/Release\/obj\.target)\//.test(e),
    );
    expect(junk).toEqual([]);
    expect(entries.filter((e) => !e.includes('/')).sort()).toEqual(['dist', 'node_modules', 'package.json']);
    expect(entries.filter((e) => /^dist\/[^/]+$/.test(e)).sort()).toEqual(['dist/node', 'dist/renderer']);
    // Only the o200k tokenizer the relay loads, not gpt-tokenizer's other encodings and copies.
    expect(entries.filter((e) => /^node_modules\/gpt-tokenizer\/(cjs|src|data)\//.test(e))).toEqual([]);
  });

  it('keytar’s native module is unpacked beside app.asar and loads from there', async () => {
    const binary = 'node_modules/keytar/build/Release/keytar.node';
    expect(has(binary)).toBe(true);
    expect((asar.statFile(archive, binary) as { unpacked?: boolean }).unpacked).toBe(true);
    const unpacked = path.join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', 'keytar');
    expect((await stat(path.join(unpacked, 'build/Release/keytar.node'))).size).toBeGreaterThan(10_000);
    // Plain Node loads the same N-API binary Electron would: it links and exports keytar's API.
    const { stdout } = await run(process.execPath, ['-e', 'const k = require(process.argv[1]); console.log(Object.keys(k).sort().join(","))', unpacked]);
    expect(stdout.trim().split(',')).toEqual(expect.arrayContaining(['getPassword', 'setPassword', 'deletePassword', 'findCredentials']));
  });

  it('the tray images are in resources/tray/, byte for byte the ones in assets/', async () => {
    const tray = path.join(appDir, 'resources', 'tray');
    expect((await readdir(tray)).sort()).toEqual(['16x16.png', '32x32.png', 'trayTemplate.png', 'trayTemplate@2x.png']);
    const sources: Record<string, string> = {
      '16x16.png': 'assets/icons/16x16.png',
      '32x32.png': 'assets/icons/32x32.png',
      'trayTemplate.png': 'assets/tray/trayTemplate.png',
      'trayTemplate@2x.png': 'assets/tray/trayTemplate@2x.png',
    };
    for (const [name, source] of Object.entries(sources)) {
      expect((await readFile(path.join(tray, name))).equals(await readFile(path.join(root, source))), name).toBe(true);
    }
  });

  // 16 MB until accounts and money arrived: the Stripe SDK, mail (nodemailer), WebAuthn, TOTP and
  // QR images add about 4 MB of code the relay loads; 20 MB until the operators' view: OpenTelemetry
  // and prom-client (about 1.5 MB once the bundler copies are left out, electron-builder.yml), the
  // console's two languages and Markdown (dist/renderer 1.75 MB).
  it('stays small: the app without Electron is under 23 MB', async () => {
    const asarSize = (await stat(archive)).size;
    const total = (await treeSize(appDir)) - (await stat(path.join(appDir, 'relaydesk'))).size;
    console.log(`packaged app: app.asar ${(asarSize / 1e6).toFixed(1)} MB, ${entries.length} entries; resources/ ${(total / 1e6).toFixed(1)} MB (stub Electron not counted)`);
    expect(total).toBeLessThan(23 * 1024 * 1024);
  });

  it('the relay packed in app.asar starts on its own and serves the API and the console', async () => {
    // Electron reads app.asar as a folder; plain Node cannot, so run an extracted copy (with
    // the unpacked files merged back): only what was packed is there to import.
    const extracted = path.join(work, 'extracted');
    asar.extractAll(archive, extracted);
    const dataDir = path.join(work, 'data');
    const child = spawn(
      process.execPath,
      [path.join(extracted, 'dist/node/relay/start.js'), '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, '--secrets', 'encrypted-file'],
      { cwd: extracted, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const consoleUrl = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the packed relay did not start:\n${output}`)), 30_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString('utf8');
          const match = /Console:\s+(http:\/\/\S+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        void exited.then((code) => reject(new Error(`the packed relay exited (${code}):\n${output}`)));
      });
      const status = (await (await fetch(new URL('/api/status', consoleUrl))).json()) as { success: boolean; data: { version: string } };
      expect(status.success).toBe(true);
      expect(status.data.version).toBe(pkg.version);
      const page = await fetch(consoleUrl);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<div id="root">/);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
