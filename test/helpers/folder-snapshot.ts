import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file at the top of `dir` with its bytes (base64): to show a refused start changed nothing. */
export async function folderSnapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isFile()) files[entry.name] = (await readFile(join(dir, entry.name))).toString('base64');
  }
  return files;
}
