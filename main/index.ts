/**
 * Electron entry (package.json `main` → dist/node/main/index.js). The main process is a
 * thin shell: it starts the relay (relay/, which never imports electron) and shows the
 * console it serves in a locked-down window. See app.ts.
 */
import { startDesktopApp } from './app.js';

startDesktopApp();
