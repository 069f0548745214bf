import type { BrowserWindow, Rectangle, Screen } from 'electron';

export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered of the console window between launches. */
export interface SavedWindowState {
  /** The normal (not maximized) bounds, so un-maximizing after a restore lands somewhere sensible. */
  bounds: WindowBounds;
  maximized: boolean;
}

export const DEFAULT_WINDOW_SIZE = { width: 1200, height: 800 } as const;
export const MIN_WINDOW_SIZE = { width: 900, height: 600 } as const;
/** How long moving or resizing must pause before the bounds are written. */
export const SAVE_DEBOUNCE_MS = 500;

/** Where a new window goes: omitted x/y lets the OS place (centre) it. */
export interface WindowPlacement {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

type DisplayLookup = Pick<Screen, 'getDisplayMatching' | 'getAllDisplays' | 'getPrimaryDisplay'>;

/**
 * Turns the remembered state into a placement on a display that exists now: the display
 * showing most of the saved rectangle (or the primary one when none shows any of it, e.g.
 * the monitor was unplugged), with the window shrunk to fit its work area and moved fully
 * inside it.
 */
export function restoreWindowPlacement(saved: SavedWindowState | undefined, screen: DisplayLookup): WindowPlacement {
  if (!saved) return { ...DEFAULT_WINDOW_SIZE, maximized: false };
  const { bounds } = saved;
  const visible = screen.getAllDisplays().some((display) => overlaps(display.workArea, bounds));
  const display = visible ? screen.getDisplayMatching(bounds) : screen.getPrimaryDisplay();
  const area = display.workArea;
  const width = Math.min(Math.max(bounds.width, MIN_WINDOW_SIZE.width), area.width);
  const height = Math.min(Math.max(bounds.height, MIN_WINDOW_SIZE.height), area.height);
  if (!visible) {
    // Centred on the primary display rather than pinned to a corner.
    return {
      x: Math.round(area.x + (area.width - width) / 2),
      y: Math.round(area.y + (area.height - height) / 2),
      width,
      height,
      maximized: saved.maximized,
    };
  }
  return {
    x: clamp(bounds.x, area.x, area.x + area.width - width),
    y: clamp(bounds.y, area.y, area.y + area.height - height),
    width,
    height,
    maximized: saved.maximized,
  };
}

function overlaps(a: Rectangle, b: WindowBounds): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

type TrackedWindow = Pick<BrowserWindow, 'on' | 'getNormalBounds' | 'isMaximized' | 'isDestroyed'>;

/**
 * Calls `save` with the window's state after moving/resizing settles (debounced) and at
 * once when the window closes (or hides to the tray). Returns a function that saves now.
 */
export function trackWindowState(
  window: TrackedWindow,
  save: (state: SavedWindowState) => void,
  debounceMs: number = SAVE_DEBOUNCE_MS,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const saveNow = () => {
    clearTimeout(timer);
    timer = undefined;
    if (window.isDestroyed()) return;
    // getNormalBounds: the un-maximized/un-minimized rectangle, whatever the state is now.
    const { x, y, width, height } = window.getNormalBounds();
    save({ bounds: { x, y, width, height }, maximized: window.isMaximized() });
  };
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(saveNow, debounceMs);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) {
    window.on(event as 'resize', saveSoon);
  }
  window.on('close', saveNow);
  window.on('closed', () => clearTimeout(timer));
  return saveNow;
}
