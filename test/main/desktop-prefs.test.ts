import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DesktopPrefsFile, parseDesktopPrefs } from '../../main/desktop-prefs.js';

let dir: string;
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaydesk-prefs-'));
  vi.clearAllMocks();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('DesktopPrefsFile', () => {
  it('starts from the defaults (close to tray on) without a file, and writes nothing until a change', () => {
    const prefs = DesktopPrefsFile.load(dir, log);
    expect(prefs.get()).toEqual({ closeToTray: true });
    expect(readdirSync(dir)).toEqual([]);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('writes each update to desktop.json atomically and reads it back', () => {
    const prefs = DesktopPrefsFile.load(dir, log);
    prefs.update({ port: 3001 });
    prefs.update({ window: { bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: true } });
    expect(readdirSync(dir)).toEqual(['desktop.json']); // no temp file left behind
    expect(JSON.parse(readFileSync(path.join(dir, 'desktop.json'), 'utf8'))).toEqual({
      closeToTray: true,
      port: 3001,
      window: { bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: true },
    });
    expect(DesktopPrefsFile.load(dir, log).get()).toEqual(prefs.get());
  });

  it('falls back to the defaults on a corrupt file, and says so in the log', () => {
    writeFileSync(path.join(dir, 'desktop.json'), '{"port": 30');
    expect(DesktopPrefsFile.load(dir, log).get()).toEqual({ closeToTray: true });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('desktop.json'));
  });

  it('logs a failed write instead of throwing (the window close handler calls it)', () => {
    const prefs = DesktopPrefsFile.load(path.join(dir, 'file'), log);
    writeFileSync(path.join(dir, 'file'), 'not a folder');
    expect(() => prefs.update({ closeToTray: false })).not.toThrow();
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('could not save desktop preferences'));
    expect(prefs.get().closeToTray).toBe(false); // still in effect for this run
  });
});

describe('parseDesktopPrefs', () => {
  it('drops invalid fields one by one', () => {
    expect(parseDesktopPrefs({ port: 70_000, closeToTray: 'no', window: { bounds: { x: 0, y: 0, width: -5, height: 5 } } })).toEqual({
      closeToTray: true,
    });
    expect(parseDesktopPrefs({ port: 3.5 })).toEqual({ closeToTray: true });
    expect(parseDesktopPrefs({ port: 8080, closeToTray: false, extra: 1 })).toEqual({ port: 8080, closeToTray: false });
    expect(parseDesktopPrefs({ window: { bounds: { x: 1, y: 2, width: 3, height: 4 }, maximized: 'yes' } })).toEqual({
      closeToTray: true,
      window: { bounds: { x: 1, y: 2, width: 3, height: 4 }, maximized: false },
    });
    expect(parseDesktopPrefs({ trayHintShown: true })).toEqual({ closeToTray: true, trayHintShown: true });
    expect(parseDesktopPrefs({ trayHintShown: 'yes' })).toEqual({ closeToTray: true });
    expect(parseDesktopPrefs(null)).toEqual({ closeToTray: true });
    expect(parseDesktopPrefs([1])).toEqual({ closeToTray: true });
  });
});
