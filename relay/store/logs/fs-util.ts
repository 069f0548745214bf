// Small file helpers: full reads/writes on a FileHandle, atomic replace, removal, ENOENT checks.

import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

/** Opens for reading, or undefined if the file is gone (e.g. removed by retention meanwhile). */
export async function openIfExists(file: string, flags = 'r'): Promise<FileHandle | undefined> {
  try {
    return await fs.open(file, flags);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

export async function sizeOf(file: string): Promise<number> {
  try {
    return (await fs.stat(file)).size;
  } catch (error) {
    if (isNotFound(error)) return 0;
    throw error;
  }
}

/** Reads up to `length` bytes at `position`; fewer only at end of file. Returns bytes read. */
export async function readFully(
  handle: FileHandle,
  buffer: Uint8Array,
  offset: number,
  length: number,
  position: number,
): Promise<number> {
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, offset + done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}

/** Appends the whole buffer (the handle is opened with 'a', so the position is the end). */
export async function appendFully(handle: FileHandle, data: Uint8Array): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await handle.write(data, done, data.length - done, null);
    if (bytesWritten <= 0) throw new Error('short write');
    done += bytesWritten;
  }
}

/** Write to a temp file, fsync, rename over the target, fsync the directory (best effort). */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  const temp = `${file}.tmp`;
  const handle = await fs.open(temp, 'w');
  try {
    await handle.writeFile(data, 'utf8');
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, file);
  await syncDir(path.dirname(file));
}

/** fsync a directory so a rename/unlink is durable. Not possible on Windows: ignored there. */
export async function syncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // EISDIR/EPERM on Windows, or a filesystem that refuses: durability of the rename is best effort.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

export async function removeIfExists(file: string): Promise<void> {
  try {
    await fs.unlink(file);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}
