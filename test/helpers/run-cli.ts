import { execFile } from 'node:child_process';
import { join } from 'node:path';

const cliMain = join(import.meta.dirname, '../../relay/cli/main.ts');

/** `npm run relaydesk -- <args>`, from source through tsx; answers its exit code and output. */
export function runRelaydeskCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('RELAYDESK_')));
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', cliMain, ...args], { env: { ...clean, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
