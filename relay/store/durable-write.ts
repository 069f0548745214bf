import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces `file` with `contents` so that a crash at any moment leaves either the old or
 * the new contents, never a torn file: write a temp file beside it, fsync it, rename it
 * over the target, then fsync the folder so the rename itself is durable.
 */
export async function writeFileDurably(file: string, contents: string | Uint8Array, mode = 0o600): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  const handle = await open(temp, 'w', mode);
  try {
    await handle.writeFile(contents);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => {});
    throw error;
  }
  await handle.close();
  await rename(temp, file);
  await syncFolder(dirname(file));
}

/** Removes `file` so that the removal survives a crash (the folder is fsynced after). */
export async function unlinkDurably(file: string): Promise<void> {
  await unlink(file);
  await syncFolder(dirname(file));
}

async function syncFolder(folder: string): Promise<void> {
  // Windows cannot open a folder for fsync; there rename durability is the OS's business.
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
