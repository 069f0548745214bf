// The relay's public surface: `main/`, the CLI (`start.ts`) and the tests all start the
// very same server through startRelay(). Nothing here imports Electron.
export { startRelay, consoleLogger } from './server.js';
export type { RelayHandle, RelayOptions } from './server.js';
export { PortInUseError } from './http/listen.js';
export { StateFileError } from './store/state-file.js';
export { DataDirLockedError } from './store/data-dir-lock.js';
export { SecretBackendError } from './secrets/secret-store.js';
export type { SecretSealer } from './secrets/secret-store.js';
export { defaultDataDir } from './config/data-dir.js';
export type { AppLogger } from './management/context.js';
