#!/usr/bin/env node
// Regenerates every raster icon from assets/icon.svg (the one source of truth):
//   assets/icon.png            512x512 (Linux fallback, docs)
//   assets/icons/NxN.png       16..512, electron-builder's Linux icon set
//   assets/icon.ico            Windows: 16..128 as BMP entries (NSIS-safe), 256 as PNG
//   assets/icon.icns           macOS: PNG entries only, 16..1024 (512@2x)
//   assets/tray/trayTemplate.png, trayTemplate@2x.png
//                              macOS menu bar: the `#mark` group alone (a small margin around it),
//                              black on transparent, 16 and 32 px (a template image: macOS tints it)
// The tray on Windows and Linux uses assets/icons/16x16.png and 32x32.png.
// Needs Debian's librsvg2-bin (rsvg-convert) and icoutils (icotool); optipng if present.
//   apt-get install -y librsvg2-bin icoutils optipng && node assets/build-icons.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const assets = path.dirname(fileURLToPath(import.meta.url));
const svg = path.join(assets, 'icon.svg');
const tmp = mkdtempSync(path.join(tmpdir(), 'relaydesk-icons-'));

function has(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function render(size, file, source = svg) {
  execFileSync('rsvg-convert', ['-w', String(size), '-h', String(size), source, '-o', file]);
  if (has('optipng')) execFileSync('optipng', ['-quiet', '-o5', '-strip', 'all', file]);
  return file;
}

const png = (size) => path.join(tmp, `${size}.png`);
for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) render(size, png(size));

mkdirSync(path.join(assets, 'icons'), { recursive: true });
for (const size of [16, 32, 48, 64, 128, 256, 512]) {
  writeFileSync(path.join(assets, 'icons', `${size}x${size}.png`), readFileSync(png(size)));
}
writeFileSync(path.join(assets, 'icon.png'), readFileSync(png(512)));

execFileSync('icotool', [
  '-c', '-o', path.join(assets, 'icon.ico'),
  png(16), png(24), png(32), png(48), png(64), png(128),
  '-r', png(256),
]);

// icns: 'icns' + total length, then (type, length incl. 8-byte header, PNG data) entries.
const icnsEntries = [
  ['icp4', 16], ['icp5', 32], ['ic11', 32], ['icp6', 64], ['ic12', 64],
  ['ic07', 128], ['ic08', 256], ['ic13', 256], ['ic09', 512], ['ic14', 512], ['ic10', 1024],
];
const chunks = icnsEntries.map(([type, size]) => {
  const data = readFileSync(png(size));
  const header = Buffer.alloc(8);
  header.write(type, 0, 'ascii');
  header.writeUInt32BE(data.length + 8, 4);
  return Buffer.concat([header, data]);
});
const body = Buffer.concat(chunks);
const head = Buffer.alloc(8);
head.write('icns', 0, 'ascii');
head.writeUInt32BE(body.length + 8, 4);
writeFileSync(path.join(assets, 'icon.icns'), Buffer.concat([head, body]));

// Tray template: the mark only, in black, in a square around its bounds (~1 px margin at 16 px).
const source = readFileSync(svg, 'utf8');
const defs = source.match(/<defs>[\s\S]*<\/defs>/)?.[0];
if (!defs || !defs.includes('id="mark"')) throw new Error('icon.svg: <defs> with a #mark group not found');
const traySvg = path.join(tmp, 'tray.svg');
writeFileSync(
  traySvg,
  `<svg xmlns="http://www.w3.org/2000/svg" width="736" height="736" viewBox="144 144 736 736">${defs}` +
    `<use href="#mark" color="#000000"/></svg>`,
);
mkdirSync(path.join(assets, 'tray'), { recursive: true });
render(16, path.join(assets, 'tray', 'trayTemplate.png'), traySvg);
render(32, path.join(assets, 'tray', 'trayTemplate@2x.png'), traySvg);

rmSync(tmp, { recursive: true, force: true });
console.log('icons written to', assets);
