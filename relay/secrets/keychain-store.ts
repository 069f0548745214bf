import type { SecretStore } from './secret-store.js';

const SERVICE = 'relaydesk';
const PROBE_TIMEOUT_MS = 5_000;

/** The part of keytar's API used here, declared locally: the build must not need keytar's own
 * types, because keytar (optional) is missing wherever it failed to install (no libsecret). */
export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

// A variable specifier: the compiler leaves it unresolved, so no type lookup of 'keytar'.
const KEYTAR_MODULE: string = 'keytar';

export async function loadKeytar(): Promise<Keytar> {
  const loaded = (await import(KEYTAR_MODULE)) as Keytar & { default?: Keytar };
  return loaded.default ?? loaded;
}

/**
 * The OS keychain (macOS Keychain, Windows Credential Manager, libsecret) through keytar,
 * under the service `relaydesk`. Accounts are `<instance id>/<name>`, so several data
 * folders on one machine (a test, a second instance) never see each other's secrets.
 *
 * Answers why it cannot be used instead of throwing: keytar is an optional dependency
 * (no libsecret at install time), and without a D-Bus session or with a locked keyring
 * the keychain is unusable.
 */
export async function openKeychainSecretStore(
  instanceId: string,
  load: () => Promise<Keytar> = loadKeytar,
): Promise<{ store: SecretStore } | { unavailable: string }> {
  let keytar: Keytar;
  try {
    keytar = await load();
  } catch (error) {
    return { unavailable: notInstalled(error) ? 'keytar is not installed' : `keytar cannot load (${firstLine(error)})` };
  }
  const prefix = `${instanceId}/`;
  try {
    // A read is enough to learn whether the keyring answers; a locked keyring that wants a
    // password prompt would wait forever, hence the time limit.
    await withTimeout(keytar.findCredentials(SERVICE), PROBE_TIMEOUT_MS);
  } catch (error) {
    return { unavailable: `the OS keychain did not answer (${firstLine(error)})` };
  }
  return {
    store: {
      backend: 'keychain',
      get: (name) => keytar.getPassword(SERVICE, prefix + name),
      set: (name, value) => keytar.setPassword(SERVICE, prefix + name, value),
      delete: (name) => keytar.deletePassword(SERVICE, prefix + name),
      async list() {
        const credentials = await keytar.findCredentials(SERVICE);
        return credentials.filter((c) => c.account.startsWith(prefix)).map((c) => c.account.slice(prefix.length));
      },
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Node's answer when the package itself is missing (not when its native part fails to load). */
function notInstalled(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String(message).includes(`'${KEYTAR_MODULE}'`);
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0] ?? 'unknown error';
}
