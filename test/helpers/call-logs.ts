import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every call record the relay wrote, oldest first (read after the relay is closed). */
export async function readCallLogs(dataDir: string): Promise<any[]> {
  const dir = join(dataDir, 'logs');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.jsonl')).sort();
  const records = [];
  for (const file of files) {
    for (const line of (await readFile(join(dir, file), 'utf8')).split('\n')) if (line.trim()) records.push(JSON.parse(line));
  }
  return records.filter((r) => r.type === 2 || r.type === 5);
}
