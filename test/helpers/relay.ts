import { blankAccountFields, newAffCode } from '../../relay/store/account-records.js';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { hashPassword } from '../../relay/auth/password.js';
import { startRelay } from '../../relay/index.js';
import type { RelayHandle, RelayOptions } from '../../relay/index.js';
import { appendOutput, noteManagementCall, sweptOutputFile, sweptRelayOrigin } from './secret-sweep.js';
import { tempDir } from './temp-dir.js';

export interface TestRelay extends RelayHandle {
  /** Everything the relay logged, for the no-secrets checks. */
  logged: string[];
}

/** Starts the real server in process on a free loopback port with a temp data folder. */
export async function startTestRelay(options: Partial<RelayOptions> = {}): Promise<TestRelay> {
  const logged: string[] = [];
  const record = (message: string) => void logged.push(message);
  const relay = await startRelay({
    host: '127.0.0.1',
    port: 0,
    dataDir: options.dataDir ?? (await tempDir()),
    secretBackend: 'encrypted-file',
    consoleDir: null,
    keyRecoveryIntervalMs: 200,
    log: { info: record, warn: record, error: record },
    ...options,
  });
  sweptRelayOrigin(relay.origin);
  // Closed when the test ends, before its data folder is removed (finish hooks run last-registered first);
  // what it logged is then left for the secret sweep (in the reliability project).
  onTestFinished(async () => {
    await relay.close();
    appendOutput(sweptOutputFile('relay log'), logged.join('\n'));
  });
  return Object.assign(relay, { logged });
}

/** A tiny browser-like client: keeps the session cookie, sends JSON, reads the envelope. */
export class ApiClient {
  cookie = '';
  constructor(
    readonly origin: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(this.origin + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair!.endsWith('=') ? '' : pair!;
    }
    const text = await response.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    noteManagementCall(method, path, body, response.status, response.headers, text, json);
    return { status: response.status, headers: response.headers, json, text, setCookie };
  }
}

export async function setupAndLogin(relay: Pick<RelayHandle, 'origin'>, username = 'owner', password = 'correct horse battery') {
  const client = new ApiClient(relay.origin);
  const setup = await client.call('POST', '/api/setup', { username, password });
  if (!setup.json?.success) throw new Error(`setup failed: ${setup.text}`);
  const login = await client.call('POST', '/api/user/login', { username, password });
  if (!login.json?.success) throw new Error(`login failed: ${login.text}`);
  return client;
}

export interface SeededUser {
  username: string;
  /** Defaults to `<username>-password-1`. */
  password?: string;
  role?: number;
  group?: string;
  /** Invitation rewards not yet moved into quota. */
  aff_quota?: number;
}

/**
 * Adds users straight into the state file of a stopped relay (user management arrives with
 * the accounts issue): each a copy of the first user with its own name, role and password.
 */
export async function seedUsers(dataDir: string, users: SeededUser[]): Promise<void> {
  const file = join(dataDir, 'state.json');
  const state = JSON.parse(await readFile(file, 'utf8'));
  for (const user of users) {
    state.users.push({
      ...state.users[0],
      id: state.next_ids.user++,
      username: user.username,
      display_name: user.username,
      role: user.role ?? 1,
      group: user.group ?? state.users[0].group,
      password_hash: await hashPassword(user.password ?? `${user.username}-password-1`),
      access_token_hash: null,
      ...blankAccountFields(newAffCode()),
      aff_quota: user.aff_quota ?? 0,
      aff_history_quota: user.aff_quota ?? 0,
    });
  }
  await writeFile(file, JSON.stringify(state));
}
