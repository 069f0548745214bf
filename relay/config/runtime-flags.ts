/**
 * V8 flags the relay runs with. A 4 MB young generation (instead of V8's default 16 MB
 * semi-spaces) keeps the resident memory of a busy relay near its idle size: measured with
 * `npm run bench` here, 50 connections peaked at 137 MB instead of 173 MB, for ~5% more CPU
 * per call. `npm start` passes them on the command line (package.json, checked by a test)
 * and the bench when it starts the relay. (The desktop app's main process takes V8 flags
 * only at launch; running the relay in a utilityProcess with these flags is the shell's
 * next step.)
 */
export const RELAY_V8_FLAGS = ['--max-semi-space-size=4'] as const;
