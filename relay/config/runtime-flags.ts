/**
 * V8 flags the relay runs with. An 8 MB young generation (V8's default is 16 MB semi-spaces)
 * is the middle of a trade between memory and CPU. At 4 MB a busy relay stayed near its idle
 * size (50 connections peaked at 137 MB instead of 173 MB) but collected so often that it cost
 * ~5% more CPU per call than 16 MB; 8 MB costs 0–3% more than 16 MB (measured 29 November with
 * both relays under the same load at once, each order of the pair). `npm start` passes them
 * on the command line (package.json, checked by a test) and the bench when it starts the
 * relay. (The desktop app's main process takes V8 flags only at launch; running the relay in
 * a utilityProcess with these flags is the shell's next step.)
 */
export const RELAY_V8_FLAGS = ['--max-semi-space-size=8'] as const;
