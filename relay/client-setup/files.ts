// Writing client configuration files in the user's home folder, with a backup before each
// write and undo. The key is written only into the file itself: never logged, never answered.
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ConfigFormatError, mergeClaudeSettings, mergeCodexConfig, mergeDotenv, mergeGeminiSettings, type Merged } from './edit.js';

export const CLIENT_IDS = ['claude-code', 'codex', 'gemini-cli'] as const;
export type ClientId = (typeof CLIENT_IDS)[number];

interface ClientFileDefinition {
  /** Path under the home folder. */
  relative: string[];
  /** Whether the written file holds the key (then it gets mode 0600). */
  holdsKey: boolean;
  merge(existing: string | null, origin: string, key: string): Merged;
}

interface ClientDefinition {
  label: string;
  /** Written together, and undone together. */
  files: ClientFileDefinition[];
  note: string;
}

const CLIENTS: Record<ClientId, ClientDefinition> = {
  'claude-code': {
    label: 'Claude Code',
    files: [{ relative: ['.claude', 'settings.json'], holdsKey: true, merge: (existing, origin, key) => ({ text: mergeClaudeSettings(existing, origin, key) }) }],
    note: 'Claude Code reads the relay address and key from this file the next time it starts.',
  },
  codex: {
    label: 'Codex CLI',
    files: [{ relative: ['.codex', 'config.toml'], holdsKey: false, merge: (existing, origin) => mergeCodexConfig(existing, origin) }],
    note: 'Codex reads the key from the RELAYDESK_API_KEY environment variable: export RELAYDESK_API_KEY=<your key> in the shell you run codex from (Relaydesk does not write it into a shell profile).',
  },
  'gemini-cli': {
    label: 'Gemini CLI',
    files: [
      { relative: ['.gemini', '.env'], holdsKey: true, merge: (existing, origin, key) => ({ text: mergeDotenv(existing, { GOOGLE_GEMINI_BASE_URL: origin, GEMINI_API_KEY: key }) }) },
      // Without it Gemini CLI asks how to sign in (or keeps a Google login) and ignores the key.
      { relative: ['.gemini', 'settings.json'], holdsKey: false, merge: (existing) => ({ text: mergeGeminiSettings(existing) }) },
    ],
    note: 'The next time it starts, Gemini CLI reads the relay address and key from .env and signs in with the key, as settings.json now selects.',
  },
};

/**
 * The home folder the client files live in: `os.homedir()`, unless `RELAYDESK_CLIENT_HOME`
 * is set (for tests only: it is read on every call so a test can point it at a temp folder).
 */
export function clientHome(): string {
  return process.env.RELAYDESK_CLIENT_HOME || homedir();
}

export function clientFiles(client: ClientId): string[] {
  return CLIENTS[client].files.map((file) => join(clientHome(), ...file.relative));
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
  files: { path: string; exists: boolean }[];
  /** Whether undo has something to restore (a backup, or a file Relaydesk created). */
  can_undo: boolean;
}

export async function clientStatuses(): Promise<ClientFileStatus[]> {
  return Promise.all(
    CLIENT_IDS.map(async (client) => {
      const paths = clientFiles(client);
      const files = await Promise.all(paths.map(async (path) => ({ path, exists: await exists(path) })));
      const backups = await Promise.all(paths.map(backupsOf));
      return { client, label: CLIENTS[client].label, files, can_undo: backups.some((list) => list.length > 0) };
    }),
  );
}

export interface WriteResult {
  client: ClientId;
  /** Each file written, and where its previous version was copied (null when there was none). */
  files: { path: string; backup: string | null }[];
  note: string;
}

/** Merges this relay's settings into the client's files, after backing up what was there. */
export async function writeClientConfig(client: ClientId, origin: string, key: string): Promise<WriteResult> {
  const definition = CLIENTS[client];
  // Every file is merged before any is touched: one that cannot be edited stops the whole write.
  const plans = await Promise.all(
    definition.files.map(async (file) => {
      const path = join(clientHome(), ...file.relative);
      const existing = await readIfExists(path);
      try {
        return { file, path, existing, merged: file.merge(existing, origin, key) };
      } catch (error) {
        if (error instanceof ConfigFormatError) throw new ConfigFormatError(`${path} ${error.message}`);
        throw error;
      }
    }),
  );
  const stamp = stampNow();
  const files: WriteResult['files'] = [];
  try {
    for (const plan of plans) files.push({ path: plan.path, backup: await writeWithBackup(plan, stamp) });
  } catch (error) {
    // Half a setup is worse than none (Gemini CLI's .env with the key, but not its settings):
    // put back what this write already replaced. Its backups are the latest ones.
    if (files.length > 0) await undoClientConfig(client).catch(() => undefined);
    throw error;
  }
  const notices = plans.flatMap((plan) => (plan.merged.notice ? [plan.merged.notice] : []));
  return { client, files, note: [...notices, definition.note].join(' ') };
}

/** Backs up (or records the absence of) the file, then replaces it atomically; answers the backup's path. */
async function writeWithBackup(plan: { file: ClientFileDefinition; path: string; existing: string | null; merged: Merged }, stamp: string): Promise<string | null> {
  const { file, path, existing, merged } = plan;
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  let backup = `${path}${BACKUP_MARK}${stamp}`;
  for (let n = 1; (await exists(backup)) || (await exists(backup + ABSENT_SUFFIX)); n++) backup = `${path}${BACKUP_MARK}${stamp}-${n}`;
  if (existing !== null) {
    await copyFile(path, backup);
    await chmod(backup, 0o600);
  } else {
    await writeFile(backup + ABSENT_SUFFIX, '', { mode: 0o600 });
  }

  const mode = file.holdsKey ? 0o600 : existing !== null ? (await stat(path)).mode & 0o777 : 0o644;
  const temporary = `${path}.relaydesk-writing-${process.pid}`;
  try {
    await writeFile(temporary, merged.text, { mode });
    await chmod(temporary, mode);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return existing !== null ? backup : null;
}

export interface UndoneFile {
  path: string;
  /** `restored`: the backup is back in place; `removed`: the file Relaydesk created is gone. */
  action: 'restored' | 'removed';
  backup: string | null;
}

export interface UndoResult {
  client: ClientId;
  files: UndoneFile[];
}

/**
 * Undoes the client's last write: each of its files whose latest backup is from that write is
 * restored (or removed, when Relaydesk created it). Null when there is nothing to undo.
 */
export async function undoClientConfig(client: ClientId): Promise<UndoResult | null> {
  const latest = (await Promise.all(clientFiles(client).map(async (path) => ({ path, backup: (await backupsOf(path)).at(-1) })))).filter(
    (entry): entry is { path: string; backup: BackupEntry } => entry.backup !== undefined,
  );
  if (latest.length === 0) return null;
  const lastWrite = latest.map((entry) => entry.backup.order[0]).sort().at(-1);
  const files: UndoneFile[] = [];
  for (const { path, backup } of latest) {
    if (backup.order[0] !== lastWrite) continue;
    if (backup.absent) {
      await rm(path, { force: true });
      await rm(backup.path, { force: true });
      files.push({ path, action: 'removed', backup: null });
    } else {
      await rename(backup.path, path);
      files.push({ path, action: 'restored', backup: backup.path });
    }
  }
  return { client, files };
}
