/**
 * Electron entry (package.json `main` → dist/node/main/index.js). The main process is a
 * thin shell: it starts the relay (relay/, which never imports electron) and shows the
 * console it serves in a locked-down window. See app.ts; launch.ts reports a shell that
 * cannot even load, so app.js is imported only there.
 */
import { launchDesktopApp } from './launch.js';

// Awaited: the shell must be wired before 'ready' (see launch.ts).
await launchDesktopApp(() => import('./app.js'));
