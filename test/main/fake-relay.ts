/** Stand-in for relay/index.js (`vi.mock('../../relay/index.js', () => import('./fake-relay.js'))`). */
import { vi } from 'vitest';

export class PortInUseError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(`listen EADDRINUSE: address already in use ${host}:${port}`);
    this.name = 'PortInUseError';
  }
}

export class StateFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`Cannot use the state file ${file}: ${reason}. Relaydesk has not changed it.`);
    this.name = 'StateFileError';
  }
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Another Relaydesk (pid ${pid}) is using the data folder ${dataDir}.`);
    this.name = 'DataDirLockedError';
  }
}

export class SecretBackendError extends Error {}

export interface FakeRelayHandle {
  host: string;
  port: number;
  origin: string;
  consoleUrl: string;
  relayBaseUrl: string;
  secretBackend: 'keychain' | 'encrypted-file' | 'memory';
  close: ReturnType<typeof vi.fn<() => Promise<void>>>;
}

export function fakeHandle(port = 3000): FakeRelayHandle {
  const origin = `http://127.0.0.1:${port}`;
  return {
    host: '127.0.0.1',
    port,
    origin,
    consoleUrl: `${origin}/`,
    relayBaseUrl: `${origin}/v1`,
    secretBackend: 'encrypted-file',
    close: vi.fn(async () => {}),
  };
}

/** A relay whose close() waits until the test calls `finishClose` (a stream still finishing). */
export function slowClosingHandle(): { handle: FakeRelayHandle; finishClose: () => void } {
  const handle = fakeHandle();
  let finish!: () => void;
  handle.close.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
  return { handle, finishClose: () => finish() };
}

export const startRelay = vi.fn(async (_options: unknown): Promise<FakeRelayHandle> => fakeHandle());
