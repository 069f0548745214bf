import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// js-yaml comes with electron-builder (no @types): load it untyped, as electron-builder does.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

interface TargetEntry {
  target: string;
  arch?: string[];
}
interface BuilderConfig {
  appId: string;
  productName: string;
  directories: { output: string; buildResources?: string };
  files: string[];
  asar?: boolean;
  asarUnpack: string[];
  npmRebuild?: boolean;
  extraMetadata?: { homepage?: string };
  mac: { icon: string; target: TargetEntry[] };
  win: { icon: string; target: TargetEntry[] };
  linux: { icon: string; maintainer?: string; target: TargetEntry[] };
}

const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  main: string;
  homepage?: string;
  author?: { email?: string } | string;
};

/** Minimal glob → RegExp for electron-builder-style patterns (`**`, `*`). */
function globToRegExp(glob: string): RegExp {
  const source = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\/?/g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\u0000/g, '.*');
  return new RegExp(`^${source}$`);
}
const includedBy = (patterns: string[], file: string) => {
  let included = false;
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      if (globToRegExp(pattern.slice(1)).test(file)) included = false;
    } else if (globToRegExp(pattern).test(file)) included = true;
  }
  return included;
};

function pngSize(file: string): { width: number; height: number } {
  const data = readFileSync(file);
  expect(data.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

describe('electron-builder.yml', () => {
  it('names the app', () => {
    expect(config.appId).toBe('dev.relaydesk.app');
    expect(config.productName).toBe('Relaydesk');
    expect(config.directories.output).toBe('release');
  });

  it('packs the compiled app, the console and package.json, without source maps', () => {
    for (const file of [pkg.main, 'dist/node/main/preload.cjs', 'dist/node/relay/index.js', 'dist/renderer/index.html', 'package.json']) {
      expect(includedBy(config.files, file), file).toBe(true);
    }
    for (const file of ['main/index.ts', 'relay/index.ts', 'test/main/app.test.ts', 'dist/node/main/index.js.map', 'assets/icon.svg']) {
      expect(includedBy(config.files, file), file).toBe(false);
    }
    // node_modules are added by electron-builder itself; rules only leave out parts nothing loads,
    // never what the relay imports: the o200k tokenizer, the Stripe SDK's ESM build, otpauth's Node build, pngjs's lib.
    const moduleRules = config.files.filter((p: string) => p.includes('node_modules'));
    expect(moduleRules.length).toBeGreaterThan(0);
    expect(moduleRules.every((p: string) => p.startsWith('!node_modules/'))).toBe(true);
    expect(moduleRules.some((p: string) => /o200k|esm\/(encoding|GptEncoding)|stripe\/esm|otpauth\.node|pngjs\/lib/.test(p))).toBe(false);
  });

  it('keeps keytar (native) outside app.asar and rebuilds it per target', () => {
    expect(config.asar).not.toBe(false);
    expect(config.asarUnpack.some((p) => includedBy([p], 'node_modules/keytar/build/Release/keytar.node'))).toBe(true);
    expect(config.asarUnpack.some((p) => includedBy([p], 'node_modules/keytar/lib/keytar.js'))).toBe(true);
    expect(config.npmRebuild).not.toBe(false);
  });

  it('builds dmg and zip for macOS on x64 and arm64', () => {
    for (const name of ['dmg', 'zip']) {
      const entry = config.mac.target.find((t) => t.target === name);
      expect(entry, name).toBeDefined();
      expect(entry!.arch).toEqual(expect.arrayContaining(['x64', 'arm64']));
    }
  });

  it('builds an NSIS installer for Windows', () => {
    expect(config.win.target.map((t) => t.target)).toContain('nsis');
  });

  it('builds AppImage and deb for Linux, with the metadata deb requires', () => {
    expect(config.linux.target.map((t) => t.target)).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    const maintainer =
      config.linux.maintainer ?? (typeof pkg.author === 'object' ? pkg.author.email : undefined);
    expect(maintainer).toMatch(/<[^@>\s]+@[^>\s]+>|@/);
    expect(config.extraMetadata?.homepage ?? pkg.homepage).toMatch(/^https:\/\//);
  });
});

describe('icons', () => {
  const at = (p: string) => path.join(root, p);

  it('every icon the config references exists', () => {
    for (const icon of [config.mac.icon, config.win.icon, config.linux.icon]) {
      expect(existsSync(at(icon)), icon).toBe(true);
    }
  });

  it('the Linux icon set has every size, each PNG of its named size', () => {
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      const file = at(path.join(config.linux.icon, `${size}x${size}.png`));
      expect(pngSize(file), file).toEqual({ width: size, height: size });
    }
    expect(pngSize(at('assets/icon.png')).width).toBeGreaterThanOrEqual(512);
  });

  it('icon.ico holds a 256x256 image (electron-builder minimum) and small sizes', () => {
    const ico = readFileSync(at(config.win.icon));
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1); // type: icon
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + i * 16] || 256);
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 256]));
  });

  it('icon.icns is a well-formed family with 512 and 1024 images', () => {
    const icns = readFileSync(at(config.mac.icon));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let offset = 8; offset < icns.length; ) {
      types.push(icns.subarray(offset, offset + 4).toString('ascii'));
      const length = icns.readUInt32BE(offset + 4);
      expect(length).toBeGreaterThan(8);
      offset += length;
    }
    expect(types).toEqual(expect.arrayContaining(['ic09', 'ic10', 'ic07', 'ic08']));
  });

  it('the SVG source is there and the binaries stay small', () => {
    expect(readFileSync(at('assets/icon.svg'), 'utf8')).toMatch(/<svg[^>]+viewBox="0 0 1024 1024"/);
    for (const file of ['assets/icon.png', config.win.icon, config.mac.icon]) {
      expect(statSync(at(file)).size, file).toBeLessThan(200 * 1024);
    }
  });
});
