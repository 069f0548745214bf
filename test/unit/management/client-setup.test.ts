import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertLocalOwner, loopbackOrigin } from '../../../relay/management/client-setup.js';
import { mergeCodexConfig } from '../../../relay/client-setup/edit.js';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { tempDir } from '../../helpers/temp-dir.js';

const KEY = 'sk-relaydesk-test-key-0123456789';
let home = '';
const previousHome = process.env.RELAYDESK_CLIENT_HOME;

beforeEach(async () => {
  home = await tempDir('relaydesk-home-');
  process.env.RELAYDESK_CLIENT_HOME = home;
});
afterEach(() => {
  if (previousHome === undefined) delete process.env.RELAYDESK_CLIENT_HOME;
  else process.env.RELAYDESK_CLIENT_HOME = previousHome;
});

async function ownerClient() {
  const relay = await startTestRelay();
  const client = await setupAndLogin(relay, 'root', 'root-password-1');
  return { relay, client };
}

async function backupsIn(dir: string) {
  return (await readdir(dir)).filter((name) => name.includes('.relaydesk-backup-'));
}

describe('client setup files (loopback, owner only)', () => {
  it('writes Claude Code settings merged with what was there, backs up, and undo restores byte for byte', async () => {
    const { relay, client } = await ownerClient();
    const file = join(home, '.claude', 'settings.json');
    await mkdir(join(home, '.claude'));
    const original = '{\n    "model": "opus",\n    "env": { "OTHER": "1" },\n    "permissions": {"allow": ["Bash(ls)"]}\n}\n';
    await writeFile(file, original);

    const status = await client.call('GET', '/api/client-setup');
    expect(status.status, status.text).toBe(200);
    expect(status.json.data.find((c: any) => c.client === 'claude-code')).toMatchObject({ path: file, exists: true, can_undo: false });

    const written = await client.call('POST', '/api/client-setup/write', { client: 'claude-code', key: KEY });
    expect(written.status, written.text).toBe(200);
    expect(written.text).not.toContain(KEY);
    expect(written.json.data.path).toBe(file);
    expect(written.json.data.backup).toMatch(/settings\.json\.relaydesk-backup-\d{8}T\d{9}Z$/);
    const settings = JSON.parse(await readFile(file, 'utf8'));
    expect(settings).toEqual({ model: 'opus', env: { OTHER: '1', ANTHROPIC_BASE_URL: relay.origin, ANTHROPIC_AUTH_TOKEN: KEY }, permissions: { allow: ['Bash(ls)'] } });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(written.json.data.backup, 'utf8')).toBe(original);
    expect(relay.logged.join('\n')).not.toContain(KEY);

    const undo = await client.call('POST', '/api/client-setup/undo', { client: 'claude-code' });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json.data.action).toBe('restored');
    expect(await readFile(file, 'utf8')).toBe(original);
    expect(await backupsIn(join(home, '.claude'))).toEqual([]);
    const again = await client.call('POST', '/api/client-setup/undo', { client: 'claude-code' });
    expect(again.status).toBe(409);
  });

  it('edits the Codex config by section, keeps other tables, and tells the user to export the key', async () => {
    const { relay, client } = await ownerClient();
    const file = join(home, '.codex', 'config.toml');
    await mkdir(join(home, '.codex'));
    const original = 'model = "gpt-5"\nmodel_provider = "openai"\n\n[profiles.fast]\nmodel = "o4-mini"\n\n[model_providers.relaydesk]\nname = "Old"\nrequest_max_retries = 4\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n';
    await writeFile(file, original);

    const written = await client.call('POST', '/api/client-setup/write', { client: 'codex', key: KEY });
    expect(written.status, written.text).toBe(200);
    expect(written.json.data.note).toContain('RELAYDESK_API_KEY');
    expect(written.text).not.toContain(KEY);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).toBe(
      `model = "gpt-5"\nmodel_provider = "relaydesk"\n\n[profiles.fast]\nmodel = "o4-mini"\n\n[model_providers.relaydesk]\nname = "Relaydesk"\nrequest_max_retries = 4\nbase_url = "${relay.origin}/v1"\nwire_api = "responses"\nenv_key = "RELAYDESK_API_KEY"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n`,
    );
    expect(await readFile(written.json.data.backup, 'utf8')).toBe(original);

    // A second write replaces in place and keeps a second backup; undo walks back one step at a time.
    const second = await client.call('POST', '/api/client-setup/write', { client: 'codex', key: KEY });
    expect(second.status).toBe(200);
    expect(await readFile(file, 'utf8')).toBe(text);
    expect(await backupsIn(join(home, '.codex'))).toHaveLength(2);
    await client.call('POST', '/api/client-setup/undo', { client: 'codex' });
    expect(await readFile(file, 'utf8')).toBe(text);
    await client.call('POST', '/api/client-setup/undo', { client: 'codex' });
    expect(await readFile(file, 'utf8')).toBe(original);
  });

  it('adds the Codex provider to a config without one', () => {
    expect(mergeCodexConfig('[tui]\nnotifications = true\n', 'http://127.0.0.1:3000')).toBe(
      'model_provider = "relaydesk"\n\n[tui]\nnotifications = true\n\n[model_providers.relaydesk]\nname = "Relaydesk"\nbase_url = "http://127.0.0.1:3000/v1"\nwire_api = "responses"\nenv_key = "RELAYDESK_API_KEY"\n',
    );
    expect(mergeCodexConfig(null, 'http://localhost:3000')).toBe(
      'model_provider = "relaydesk"\n\n[model_providers.relaydesk]\nname = "Relaydesk"\nbase_url = "http://localhost:3000/v1"\nwire_api = "responses"\nenv_key = "RELAYDESK_API_KEY"\n',
    );
  });

  it('merges the Gemini .env lines with mode 0600', async () => {
    const { relay, client } = await ownerClient();
    const file = join(home, '.gemini', '.env');
    await mkdir(join(home, '.gemini'));
    await writeFile(file, '# mine\nGEMINI_MODEL=gemini-2.5-pro\nGEMINI_API_KEY=old\n');
    const written = await client.call('POST', '/api/client-setup/write', { client: 'gemini-cli', key: KEY });
    expect(written.status, written.text).toBe(200);
    expect(await readFile(file, 'utf8')).toBe(`# mine\nGEMINI_MODEL=gemini-2.5-pro\nGEMINI_API_KEY=${KEY}\nGOOGLE_GEMINI_BASE_URL=${relay.origin}\n`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('undo without a backup removes the file Relaydesk created', async () => {
    const { client } = await ownerClient();
    const file = join(home, '.gemini', '.env');
    const written = await client.call('POST', '/api/client-setup/write', { client: 'gemini-cli', key: KEY });
    expect(written.status, written.text).toBe(200);
    expect(written.json.data.backup).toBeNull();
    expect((await stat(file)).isFile()).toBe(true);
    const undo = await client.call('POST', '/api/client-setup/undo', { client: 'gemini-cli' });
    expect(undo.json.data.action).toBe('removed');
    await expect(stat(file)).rejects.toThrow();
    expect(await backupsIn(join(home, '.gemini'))).toEqual([]);
  });

  it('refuses a broken existing file without touching it', async () => {
    const { client } = await ownerClient();
    const file = join(home, '.claude', 'settings.json');
    await mkdir(join(home, '.claude'));
    await writeFile(file, '{ not json');
    const written = await client.call('POST', '/api/client-setup/write', { client: 'claude-code', key: KEY });
    expect(written.status).toBe(409);
    expect(await readFile(file, 'utf8')).toBe('{ not json');
    expect(await backupsIn(join(home, '.claude'))).toEqual([]);
  });

  it('refuses non-root callers with 403', async () => {
    const { relay } = await ownerClient();
    await relay.close();
    await seedUsers(relay.dataDir, [{ username: 'admin', role: 10 }]);
    const again = await startTestRelay({ dataDir: relay.dataDir });
    const admin = new ApiClient(again.origin);
    expect((await admin.call('POST', '/api/user/login', { username: 'admin', password: 'admin-password-1' })).status).toBe(200);
    expect((await admin.call('GET', '/api/client-setup')).status).toBe(403);
    expect((await admin.call('POST', '/api/client-setup/write', { client: 'claude-code', key: KEY })).status).toBe(403);
    expect((await admin.call('POST', '/api/client-setup/undo', { client: 'claude-code' })).status).toBe(403);
    await expect(stat(join(home, '.claude'))).rejects.toThrow();
  });

  it('refuses callers that are not on this machine, and Host names that are not loopback', () => {
    const root = { role: 100 };
    expect(() => assertLocalOwner('127.0.0.1', root)).not.toThrow();
    expect(() => assertLocalOwner('::ffff:127.0.0.1', root)).not.toThrow();
    expect(() => assertLocalOwner('::1', root)).not.toThrow();
    for (const remote of ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', 'fe80::1', undefined]) {
      expect(() => assertLocalOwner(remote, root)).toThrow(expect.objectContaining({ status: 403 }));
    }
    expect(() => assertLocalOwner('127.0.0.1', { role: 10 })).toThrow(expect.objectContaining({ status: 403 }));
    expect(loopbackOrigin({ headers: { host: '127.0.0.1:3000' }, secure: false })).toBe('http://127.0.0.1:3000');
    expect(loopbackOrigin({ headers: { host: 'localhost:3000' }, secure: false })).toBe('http://localhost:3000');
    expect(loopbackOrigin({ headers: { host: '[::1]:3000' }, secure: false })).toBe('http://[::1]:3000');
    expect(() => loopbackOrigin({ headers: { host: 'relay.example.com' }, secure: false })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => loopbackOrigin({ headers: { host: '192.168.1.5:3000' }, secure: false })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => loopbackOrigin({ headers: { host: 'x"\n[evil]' }, secure: false })).toThrow(expect.objectContaining({ status: 400 }));
  });
});
