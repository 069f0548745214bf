import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAppLog } from '../../main/app-log.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaydesk-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const clock = () => new Date('2026-01-02T03:04:05.678Z');

describe('openAppLog', () => {
  it('appends timestamped lines to main.log (creating the folder) and mirrors them', () => {
    const mirror = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const logsDir = path.join(dir, 'logs', 'nested');
    const log = openAppLog(logsDir, { mirror, clock });
    log.info('relay listening');
    log.warn('port taken');
    log.error('boom');
    expect(log.file).toBe(path.join(logsDir, 'main.log'));
    expect(readFileSync(log.file, 'utf8')).toBe(
      '2026-01-02T03:04:05.678Z INFO relay listening\n' +
        '2026-01-02T03:04:05.678Z WARN port taken\n' +
        '2026-01-02T03:04:05.678Z ERROR boom\n',
    );
    expect(mirror.warn).toHaveBeenCalledWith('[relaydesk] port taken');
  });

  it('appends to an existing log across launches', () => {
    openAppLog(dir, { mirror: null, clock }).info('first run');
    openAppLog(dir, { mirror: null, clock }).info('second run');
    expect(readFileSync(path.join(dir, 'main.log'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('rotates once to main.old.log when the cap would be passed, keeping only one old file', () => {
    const log = openAppLog(dir, { mirror: null, clock, maxBytes: 200 });
    for (let i = 0; i < 20; i += 1) log.info(`line ${i} ${'x'.repeat(20)}`);
    expect(readdirSync(dir).sort()).toEqual(['main.log', 'main.old.log']);
    expect(statSync(path.join(dir, 'main.log')).size).toBeLessThanOrEqual(200);
    expect(statSync(path.join(dir, 'main.old.log')).size).toBeLessThanOrEqual(200);
    expect(readFileSync(path.join(dir, 'main.log'), 'utf8')).toContain('line 19');
  });

  it('counts what is already in the file toward the cap', () => {
    writeFileSync(path.join(dir, 'main.log'), 'y'.repeat(190));
    openAppLog(dir, { mirror: null, clock, maxBytes: 200 }).info('next');
    expect(readFileSync(path.join(dir, 'main.old.log'), 'utf8')).toBe('y'.repeat(190));
    expect(readFileSync(path.join(dir, 'main.log'), 'utf8')).toContain('INFO next');
  });

  it('never throws when the log cannot be written', () => {
    const blocked = path.join(dir, 'blocked');
    writeFileSync(blocked, 'a file where the folder should be');
    const mirror = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const log = openAppLog(blocked, { mirror, clock });
    expect(() => log.error('still fine')).not.toThrow();
    expect(mirror.error).toHaveBeenCalledWith(expect.stringContaining('cannot write the log file'));
  });
});
