// Writing client configuration files in the user's home folder, with a backup before each
// write and undo. The key is written only into the file itself: never logged, never answered.
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { mergeClaudeSettings, mergeCodexConfig, mergeDotenv, type Merged } from './edit.js';

export const CLIENT_IDS = ['claude-code', 'codex', 'gemini-cli'] as const;
export type ClientId = (typeof CLIENT_IDS)[number];

interface ClientDefinition {
  label: string;
  /** Path under the home folder. */
  relative: string[];
  /** Whether the written file holds the key (then it gets mode 0600). */
  holdsKey: boolean;
  merge(existing: string | null, origin: string, key: string): Merged;
  note: string;
}

const CLIENTS: Record<ClientId, ClientDefinition> = {
  'claude-code': {
    label: 'Claude Code',
    relative: ['.claude', 'settings.json'],
    holdsKey: true,
    merge: (existing, origin, key) => ({ text: mergeClaudeSettings(existing, origin, key) }),
    note: 'Claude Code reads the relay address and key from this file the next time it starts.',
  },
  codex: {
    label: 'Codex CLI',
    relative: ['.codex', 'config.toml'],
    holdsKey: false,
    merge: (existing, origin) => mergeCodexConfig(existing, origin),
    note: 'Codex reads the key from the RELAYDESK_API_KEY environment variable: export RELAYDESK_API_KEY=<your key> in the shell you run codex from (Relaydesk does not write it into a shell profile).',
  },
  'gemini-cli': {
    label: 'Gemini CLI',
    relative: ['.gemini', '.env'],
    holdsKey: true,
    merge: (existing, origin, key) => ({ text: mergeDotenv(existing, { GOOGLE_GEMINI_BASE_URL: origin, GEMINI_API_KEY: key }) }),
    note: 'Gemini CLI reads the relay address and key from this file the next time it starts.',
  },
};

/**
 * The home folder the client files live in: `os.homedir()`, unless `RELAYDESK_CLIENT_HOME`
 * is set (for tests only: it is read on every call so a test can point it at a temp folder).
 */
export function clientHome(): string {
  return process.env.RELAYDESK_CLIENT_HOME || homedir();
}

export function clientFile(client: ClientId): string {
  return join(clientHome(), ...CLIENTS[client].relative);
}

const BACKUP_MARK = '.relaydesk-backup-';
/** A backup entry that records "there was no file": undo removes the file. */
const ABSENT_SUFFIX = '.absent';

interface BackupEntry {
  path: string;
  absent: boolean;
  order: [string, number];
}

async function backupsOf(file: string): Promise<BackupEntry[]> {
  const prefix = basename(file) + BACKUP_MARK;
  let names: string[];
  try {
    names = await readdir(dirname(file));
  } catch {
    return [];
  }
  const entries: BackupEntry[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d{8}T\d{9}Z)(?:-(\d+))?(\.absent)?$/.exec(name.slice(prefix.length));
    if (!match) continue;
    entries.push({ path: join(dirname(file), name), absent: match[3] !== undefined, order: [match[1]!, Number(match[2] ?? 0)] });
  }
  return entries.sort((a, b) => (a.order[0] === b.order[0] ? a.order[1] - b.order[1] : a.order[0] < b.order[0] ? -1 : 1));
}

function stampNow(): string {
  return new Date().toISOString().replace(/[-:.]/g, '');
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export interface ClientFileStatus {
  client: ClientId;
  label: string;
  path: string;
  exists: boolean;
  /** Whether undo has something to restore (a backup, or a file Relaydesk created). */
  can_undo: boolean;
}

export async function clientStatuses(): Promise<ClientFileStatus[]> {
  return Promise.all(
    CLIENT_IDS.map(async (client) => {
      const path = clientFile(client);
      return { client, label: CLIENTS[client].label, path, exists: await exists(path), can_undo: (await backupsOf(path)).length > 0 };
    }),
  );
}

export interface WriteResult {
  client: ClientId;
  path: string;
  /** Where the previous file was copied; null when there was none. */
  backup: string | null;
  note: string;
}

/** Merges this relay's settings into the client's file, after backing up what was there. */
export async function writeClientConfig(client: ClientId, origin: string, key: string): Promise<WriteResult> {
  const definition = CLIENTS[client];
  const path = clientFile(client);
  const existing = await readIfExists(path);
  const merged = definition.merge(existing, origin, key); // throws ConfigFormatError before anything is touched
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });

  const stamp = stampNow();
  let backup = `${path}${BACKUP_MARK}${stamp}`;
  for (let n = 1; (await exists(backup)) || (await exists(backup + ABSENT_SUFFIX)); n++) backup = `${path}${BACKUP_MARK}${stamp}-${n}`;
  if (existing !== null) {
    await copyFile(path, backup);
    await chmod(backup, 0o600);
  } else {
    await writeFile(backup + ABSENT_SUFFIX, '', { mode: 0o600 });
  }

  const mode = definition.holdsKey ? 0o600 : existing !== null ? (await stat(path)).mode & 0o777 : 0o644;
  const temporary = `${path}.relaydesk-writing-${process.pid}`;
  try {
    await writeFile(temporary, merged.text, { mode });
    await chmod(temporary, mode);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  const note = merged.notice ? `${merged.notice} ${definition.note}` : definition.note;
  return { client, path, backup: existing !== null ? backup : null, note };
}

export interface UndoResult {
  client: ClientId;
  path: string;
  /** `restored`: the backup is back in place; `removed`: the file Relaydesk created is gone. */
  action: 'restored' | 'removed';
  backup: string | null;
}

/** Restores the latest backup (or removes the file when Relaydesk created it); null when there is nothing to undo. */
export async function undoClientConfig(client: ClientId): Promise<UndoResult | null> {
  const path = clientFile(client);
  const latest = (await backupsOf(path)).at(-1);
  if (!latest) return null;
  if (latest.absent) {
    await rm(path, { force: true });
    await rm(latest.path, { force: true });
    return { client, path, action: 'removed', backup: null };
  }
  await rename(latest.path, path);
  return { client, path, action: 'restored', backup: latest.path };
}
