import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/temp-dir.js';

const startScript = join(import.meta.dirname, '../../../relay/start.ts');

/** The CLI as `npm start` runs it, from source through tsx, with no keychain in reach. */
class Cli {
  readonly proc: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;

  constructor(args: string[], env: Record<string, string> = {}) {
    this.proc = spawn(process.execPath, ['--import', 'tsx', startScript, ...args], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'disabled:', RELAYDESK_SECRETS: 'encrypted-file', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc.stdout!.on('data', (chunk: Buffer) => (this.stdout += chunk));
    this.proc.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => this.proc.on('exit', (code) => resolve(code)));
  }

  async waitForOutput(text: string): Promise<void> {
    while (!this.stdout.includes(text)) {
      if (this.proc.exitCode !== null) throw new Error(`exited early: ${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm start (the CLI)', () => {
  it('serves on the port and data folder given by flags, prints both URLs, and saves state on SIGTERM', async () => {
    const dataDir = join(await tempDir(), 'data');
    const port = await freePort();
    const cli = new Cli(['--port', String(port), '--data-dir', dataDir]);
    await cli.waitForOutput('Relay API');
    expect(cli.stdout).toContain(`Console:   http://127.0.0.1:${port}/`);
    expect(cli.stdout).toContain(`Relay API: http://127.0.0.1:${port}/v1`);
    expect(cli.stdout).toContain(`Secrets:   encrypted file (${join(dataDir, 'secrets.enc.json')})\n`);

    const status = await (await fetch(`http://127.0.0.1:${port}/api/status`)).json();
    expect(status).toMatchObject({ success: true, data: { name: 'Relaydesk', setup: false } });
    const setup = await fetch(`http://127.0.0.1:${port}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: 'correct horse battery' }),
    });
    expect(((await setup.json()) as { success: boolean }).success).toBe(true);

    cli.proc.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    const state = JSON.parse(await readFile(join(dataDir, 'state.json'), 'utf8'));
    expect(state.users.map((u: { username: string }) => u.username)).toEqual(['owner']);
    expect(existsSync(join(dataDir, 'relaydesk.lock'))).toBe(false);
  });

  it('takes the port and data folder from RELAYDESK_* variables', async () => {
    const dataDir = join(await tempDir(), 'from-env');
    const port = await freePort();
    const cli = new Cli([], { RELAYDESK_PORT: String(port), RELAYDESK_DATA_DIR: dataDir, RELAYDESK_HOST: '127.0.0.1' });
    await cli.waitForOutput('Relay API');
    expect((await fetch(`http://127.0.0.1:${port}/api/status`)).status).toBe(200);
    cli.proc.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(existsSync(join(dataDir, 'state.json'))).toBe(true);
  });

  it('port in use: one line naming the port and how to choose another, non-zero exit, nothing written', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    const dataDir = join(await tempDir(), 'never-created');
    try {
      const cli = new Cli(['--port', String(port), '--data-dir', dataDir]);
      expect(await cli.exited).not.toBe(0);
      const lines = cli.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Port ${port}`);
      expect(lines[0]).toContain('--port');
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('refuses to start on a corrupt state file, naming it, and leaves it as it was', async () => {
    const dataDir = await tempDir();
    const file = join(dataDir, 'state.json');
    await writeFile(file, '{ "users": [ truncated');
    const cli = new Cli(['--port', String(await freePort()), '--data-dir', dataDir]);
    expect(await cli.exited).toBe(1);
    expect(cli.stderr).toContain(file);
    expect(cli.stderr).toContain('not valid JSON');
    expect(await readFile(file, 'utf8')).toBe('{ "users": [ truncated');
  });

  it('listens on every interface when the lan_access setting says so and no --host is given', async () => {
    const dataDir = await tempDir();
    await writeFile(join(dataDir, 'state.json'), JSON.stringify({ schema_version: 1, users: [], options: { lan_access: true } }));
    const port = await freePort();
    const cli = new Cli(['--port', String(port), '--data-dir', dataDir], { RELAYDESK_HOST: '' });
    await cli.waitForOutput('Relay API');
    expect(cli.stdout).toContain('LAN: listening on 0.0.0.0');
    expect(cli.stdout).toMatch(/Setup code/);
    cli.proc.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('rejects a bad flag with usage help', async () => {
    const cli = new Cli(['--port', 'eighty']);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr).toContain('Invalid port "eighty"');
    expect(cli.stderr).toContain('--data-dir');
  });
});
