import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  restoreWindowPlacement,
  trackWindowState,
  type SavedWindowState,
  type WindowBounds,
} from '../../main/window-state.js';

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Displays as `screen` reports them; getDisplayMatching picks the largest overlap, like Electron. */
function screenWith(...areas: Area[]) {
  const displays = areas.map((workArea, id) => ({ id, workArea, bounds: workArea }));
  const overlap = (a: Area, b: Area) =>
    Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
    Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  return {
    getAllDisplays: () => displays,
    getPrimaryDisplay: () => displays[0]!,
    getDisplayMatching: (rect: Area) =>
      displays.reduce((best, d) => (overlap(d.workArea, rect) > overlap(best.workArea, rect) ? d : best)),
  } as unknown as Parameters<typeof restoreWindowPlacement>[1];
}

const laptop = { x: 0, y: 25, width: 1440, height: 875 }; // menu bar at the top
const external = { x: 1440, y: 0, width: 2560, height: 1440 };
const saved = (bounds: WindowBounds, maximized = false): SavedWindowState => ({ bounds, maximized });

describe('restoreWindowPlacement', () => {
  it('gives the default size, placed by the OS, when nothing is saved', () => {
    expect(restoreWindowPlacement(undefined, screenWith(laptop))).toEqual({ width: 1200, height: 800, maximized: false });
  });

  it('keeps a window that fits on its display where it was', () => {
    const placement = restoreWindowPlacement(saved({ x: 1600, y: 100, width: 1400, height: 900 }, true), screenWith(laptop, external));
    expect(placement).toEqual({ x: 1600, y: 100, width: 1400, height: 900, maximized: true });
  });

  it('moves a window hanging off the edge back inside the work area', () => {
    const placement = restoreWindowPlacement(saved({ x: 1000, y: 0, width: 1000, height: 700 }), screenWith(laptop));
    expect(placement).toEqual({ x: 440, y: 25, width: 1000, height: 700, maximized: false }); // under the menu bar
  });

  it('shrinks a window larger than its display to the work area, never below the minimum otherwise', () => {
    expect(restoreWindowPlacement(saved({ x: 0, y: 0, width: 3000, height: 2000 }), screenWith(laptop))).toMatchObject({
      x: 0,
      y: 25,
      width: 1440,
      height: 875,
    });
    expect(restoreWindowPlacement(saved({ x: 10, y: 40, width: 300, height: 200 }), screenWith(laptop))).toMatchObject({
      width: 900,
      height: 600,
    });
  });

  it('centres a window from an unplugged display on the primary display', () => {
    const placement = restoreWindowPlacement(saved({ x: 2000, y: 100, width: 1400, height: 900 }, true), screenWith(laptop));
    expect(placement).toEqual({ x: 20, y: 25, width: 1400, height: 875, maximized: true });
  });

  it('handles displays left of and above the primary (negative coordinates)', () => {
    const left = { x: -1920, y: -200, width: 1920, height: 1080 };
    const placement = restoreWindowPlacement(saved({ x: -2000, y: -300, width: 1200, height: 800 }), screenWith(laptop, left));
    expect(placement).toEqual({ x: -1920, y: -200, width: 1200, height: 800, maximized: false });
  });
});

class Window extends EventEmitter {
  bounds = { x: 1, y: 2, width: 1000, height: 700 };
  maximized = false;
  destroyed = false;
  getNormalBounds = () => ({ ...this.bounds });
  isMaximized = () => this.maximized;
  isDestroyed = () => this.destroyed;
}

describe('trackWindowState', () => {
  afterEach(() => vi.useRealTimers());

  it('saves once after moves and resizes settle, and at once on close', () => {
    vi.useFakeTimers();
    const window = new Window();
    const save = vi.fn();
    trackWindowState(window as never, save, 500);
    window.bounds.x = 50;
    window.emit('move');
    vi.advanceTimersByTime(300);
    window.bounds.width = 1100;
    window.emit('resize');
    vi.advanceTimersByTime(499);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith({ bounds: { x: 50, y: 2, width: 1100, height: 700 }, maximized: false });

    window.maximized = true;
    window.emit('maximize');
    window.emit('close');
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ bounds: { x: 50, y: 2, width: 1100, height: 700 }, maximized: true });
    vi.advanceTimersByTime(1000); // the pending debounce was replaced by the close save
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('does not read a destroyed window', () => {
    vi.useFakeTimers();
    const window = new Window();
    const save = vi.fn();
    trackWindowState(window as never, save, 500);
    window.emit('resize');
    window.destroyed = true;
    vi.advanceTimersByTime(500);
    expect(save).not.toHaveBeenCalled();
  });
});
