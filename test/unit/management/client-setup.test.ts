import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertLocalOwner, loopbackOrigin } from '../../../relay/management/client-setup.js';
import { parse } from 'smol-toml';
import { parse as parseJsonc } from 'jsonc-parser';
import { mergeCodexConfig, mergeGeminiSettings } from '../../../relay/client-setup/edit.js';
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
    expect(status.json.data.find((c: any) => c.client === 'claude-code')).toMatchObject({ files: [{ path: file, exists: true }], can_undo: false });

    const written = await client.call('POST', '/api/client-setup/write', { client: 'claude-code', key: KEY });
    expect(written.status, written.text).toBe(200);
    expect(written.text).not.toContain(KEY);
    expect(written.json.data.files).toEqual([{ path: file, backup: expect.stringMatching(/settings\.json\.relaydesk-backup-\d{8}T\d{9}Z$/) }]);
    const settings = JSON.parse(await readFile(file, 'utf8'));
    expect(settings).toEqual({ model: 'opus', env: { OTHER: '1', ANTHROPIC_BASE_URL: relay.origin, ANTHROPIC_AUTH_TOKEN: KEY }, permissions: { allow: ['Bash(ls)'] } });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(written.json.data.files[0].backup, 'utf8')).toBe(original);
    expect(relay.logged.join('\n')).not.toContain(KEY);

    const undo = await client.call('POST', '/api/client-setup/undo', { client: 'claude-code' });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json.data.files).toEqual([{ path: file, action: 'restored', backup: written.json.data.files[0].backup }]);
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
    expect(await readFile(written.json.data.files[0].backup, 'utf8')).toBe(original);

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
    expect(mergeCodexConfig('[tui]\nnotifications = true\n', 'http://127.0.0.1:3000')).toEqual({ text:
      'model_provider = "relaydesk"\n\n[tui]\nnotifications = true\n\n[model_providers.relaydesk]\nname = "Relaydesk"\nbase_url = "http://127.0.0.1:3000/v1"\nwire_api = "responses"\nenv_key = "RELAYDESK_API_KEY"\n',
    });
    expect(mergeCodexConfig(null, 'http://localhost:3000')).toEqual({
      text: 'model_provider = "relaydesk"\n\n[model_providers.relaydesk]\nname = "Relaydesk"\nbase_url = "http://localhost:3000/v1"\nwire_api = "responses"\nenv_key = "RELAYDESK_API_KEY"\n',
    });
  });

  const ORIGIN = 'http://127.0.0.1:3000';
  const OURS = { name: 'Relaydesk', base_url: `${ORIGIN}/v1`, wire_api: 'responses', env_key: 'RELAYDESK_API_KEY' };

  it('keeps comments and odd spacing when the edit in place is exact', () => {
    const original = '# my codex setup\nmodel = "gpt-5"  # default model\n\n[ model_providers . "relaydesk" ]   # added by hand\nname = "Mine"\n';
    const merged = mergeCodexConfig(original, ORIGIN);
    expect(merged.notice).toBeUndefined();
    expect(merged.text).toContain('# my codex setup\nmodel = "gpt-5"  # default model\n');
    expect(merged.text).toContain('[ model_providers . "relaydesk" ]   # added by hand\n');
    expect(parse(merged.text)).toEqual({ model: 'gpt-5', model_provider: 'relaydesk', model_providers: { relaydesk: OURS } });
  });

  it.each([
    ['an inline providers table', 'model = "o3"\nmodel_providers = { relaydesk = { name = "Old", request_max_retries = 2 }, azure = { name = "Azure" } }\n'],
    ['dotted keys at the top level', 'model = "o3"\nmodel_providers.relaydesk.name = "Old"\nmodel_providers.relaydesk.request_max_retries = 2\nmodel_providers.azure.name = "Azure"\n'],
  ])('rewrites the file from its settings when it has %s, keeping every other setting', (_, original) => {
    const merged = mergeCodexConfig(original, ORIGIN);
    expect(merged.notice).toMatch(/comments are gone; the backup keeps the original/);
    expect(parse(merged.text)).toEqual({
      model: 'o3',
      model_provider: 'relaydesk',
      model_providers: { relaydesk: { ...OURS, request_max_retries: 2 }, azure: { name: 'Azure' } },
    });
  });

  it('does not edit inside a multi-line string that looks like a setting', () => {
    const instructions = 'Be brief.\nmodel_provider = "not a setting"\n';
    const original = `developer_instructions = """\n${instructions}"""\nmodel = "o3"\n`;
    const merged = mergeCodexConfig(original, ORIGIN);
    expect(parse(merged.text)).toEqual({ developer_instructions: instructions, model: 'o3', model_provider: 'relaydesk', model_providers: { relaydesk: OURS } });
  });

  it('refuses a config.toml that is not valid TOML, naming the line, and leaves it alone', async () => {
    expect(() => mergeCodexConfig('model = "o3"\nprofiles = [1,\n', ORIGIN)).toThrow(/is not valid TOML \(line 3/);
    expect(() => mergeCodexConfig('model_providers = "openai"\n', ORIGIN)).toThrow(/"model_providers" that is not a table/);

    const { client } = await ownerClient();
    const file = join(home, '.codex', 'config.toml');
    await mkdir(join(home, '.codex'));
    await writeFile(file, 'model = "o3\n');
    const written = await client.call('POST', '/api/client-setup/write', { client: 'codex', key: KEY });
    expect(written.status).toBe(409);
    expect(written.json.message).toMatch(/^The existing file \S+\/\.codex\/config\.toml is not valid TOML \(line 1.*fix or move it first\.$/);
    expect(written.json.message).toContain(file);
    expect(await readFile(file, 'utf8')).toBe('model = "o3\n');
    expect(await backupsIn(join(home, '.codex'))).toEqual([]);
  });

  it('says in the answer when the Codex config had to be rewritten', async () => {
    const { client } = await ownerClient();
    const file = join(home, '.codex', 'config.toml');
    await mkdir(join(home, '.codex'));
    const original = '# hand-written\nmodel_providers = { relaydesk = { name = "Old" } }\n';
    await writeFile(file, original);
    const written = await client.call('POST', '/api/client-setup/write', { client: 'codex', key: KEY });
    expect(written.status, written.text).toBe(200);
    expect(written.json.data.note).toMatch(/comments are gone.*RELAYDESK_API_KEY/s);
    expect(await readFile(written.json.data.files[0].backup, 'utf8')).toBe(original);
    expect(parse(await readFile(file, 'utf8'))).toMatchObject({ model_provider: 'relaydesk', model_providers: { relaydesk: { name: 'Relaydesk' } } });
  });

  it('writes Gemini CLI .env (mode 0600) and selects API-key sign-in in settings.json, keeping every other setting', async () => {
    const { relay, client } = await ownerClient();
    const env = join(home, '.gemini', '.env');
    const settingsFile = join(home, '.gemini', 'settings.json');
    await mkdir(join(home, '.gemini'));
    const originalEnv = '# mine\nGEMINI_MODEL=gemini-2.5-pro\nGEMINI_API_KEY=old\n';
    const originalSettings = '{"ui": {"theme": "GitHub"}, "security": {"auth": {"selectedType": "oauth-personal", "useExternal": false}, "folderTrust": {"enabled": true}}, "mcpServers": {"docs": {"command": "docs-mcp"}}}';
    await writeFile(env, originalEnv);
    await writeFile(settingsFile, originalSettings, { mode: 0o640 });

    const status = await client.call('GET', '/api/client-setup');
    expect(status.json.data.find((c: any) => c.client === 'gemini-cli')).toEqual({
      client: 'gemini-cli',
      label: 'Gemini CLI',
      files: [
        { path: env, exists: true },
        { path: settingsFile, exists: true },
      ],
      can_undo: false,
    });

    const written = await client.call('POST', '/api/client-setup/write', { client: 'gemini-cli', key: KEY });
    expect(written.status, written.text).toBe(200);
    expect(written.text).not.toContain(KEY);
    expect(written.json.data.files.map((f: any) => f.path)).toEqual([env, settingsFile]);
    expect(await readFile(env, 'utf8')).toBe(`# mine\nGEMINI_MODEL=gemini-2.5-pro\nGEMINI_API_KEY=${KEY}\nGOOGLE_GEMINI_BASE_URL=${relay.origin}\n`);
    expect((await stat(env)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(settingsFile, 'utf8'))).toEqual({
      ui: { theme: 'GitHub' },
      security: { auth: { selectedType: 'gemini-api-key', useExternal: false }, folderTrust: { enabled: true } },
      mcpServers: { docs: { command: 'docs-mcp' } },
    });
    expect(await readFile(settingsFile, 'utf8')).not.toContain(KEY);
    expect((await stat(settingsFile)).mode & 0o777).toBe(0o640);

    // Undo puts both files back as they were.
    const undo = await client.call('POST', '/api/client-setup/undo', { client: 'gemini-cli' });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json.data.files.map((f: any) => [f.path, f.action])).toEqual([
      [env, 'restored'],
      [settingsFile, 'restored'],
    ]);
    expect(await readFile(env, 'utf8')).toBe(originalEnv);
    expect(await readFile(settingsFile, 'utf8')).toBe(originalSettings);
    expect(await backupsIn(join(home, '.gemini'))).toEqual([]);
  });

  it('undo without a backup removes the files Relaydesk created', async () => {
    const { client } = await ownerClient();
    const env = join(home, '.gemini', '.env');
    const settingsFile = join(home, '.gemini', 'settings.json');
    const written = await client.call('POST', '/api/client-setup/write', { client: 'gemini-cli', key: KEY });
    expect(written.status, written.text).toBe(200);
    expect(written.json.data.files).toEqual([
      { path: env, backup: null },
      { path: settingsFile, backup: null },
    ]);
    expect(JSON.parse(await readFile(settingsFile, 'utf8'))).toEqual({ security: { auth: { selectedType: 'gemini-api-key' } } });
    const undo = await client.call('POST', '/api/client-setup/undo', { client: 'gemini-cli' });
    expect(undo.json.data.files.map((f: any) => f.action)).toEqual(['removed', 'removed']);
    await expect(stat(env)).rejects.toThrow();
    await expect(stat(settingsFile)).rejects.toThrow();
    expect(await backupsIn(join(home, '.gemini'))).toEqual([]);
  });

  it('refuses a Gemini settings.json that is not JSON, naming it, and writes neither file', async () => {
    const { client } = await ownerClient();
    const env = join(home, '.gemini', '.env');
    const settingsFile = join(home, '.gemini', 'settings.json');
    await mkdir(join(home, '.gemini'));
    await writeFile(env, 'GEMINI_MODEL=gemini-2.5-pro\n');
    await writeFile(settingsFile, '{ "ui": { "theme": "GitHub" }, }');
    const written = await client.call('POST', '/api/client-setup/write', { client: 'gemini-cli', key: KEY });
    expect(written.status).toBe(409);
    expect(written.json.message).toBe(`The existing file ${settingsFile} is not valid JSON: fix or move it first.`);
    expect(await readFile(env, 'utf8')).toBe('GEMINI_MODEL=gemini-2.5-pro\n');
    expect(await readFile(settingsFile, 'utf8')).toBe('{ "ui": { "theme": "GitHub" }, }');
    expect(await backupsIn(join(home, '.gemini'))).toEqual([]);
  });

  it('selects API-key sign-in in both the current and the older Gemini settings layout', () => {
    expect(JSON.parse(mergeGeminiSettings(null))).toEqual({ security: { auth: { selectedType: 'gemini-api-key' } } });
    expect(JSON.parse(mergeGeminiSettings('  \n'))).toEqual({ security: { auth: { selectedType: 'gemini-api-key' } } });
    // Settings from before the nested layout: the old key is kept in step with the new one.
    expect(JSON.parse(mergeGeminiSettings('{"theme": "Dracula", "selectedAuthType": "oauth-personal"}'))).toEqual({
      theme: 'Dracula',
      selectedAuthType: 'gemini-api-key',
      security: { auth: { selectedType: 'gemini-api-key' } },
    });
    expect(() => mergeGeminiSettings('[1, 2]')).toThrow('does not hold a JSON object');
    expect(() => mergeGeminiSettings('{"security": true}')).toThrow('has a setting "security" that is not an object');
    expect(() => mergeGeminiSettings('{"security": {"auth": "oauth"}}')).toThrow('has a setting "security.auth" that is not an object');
  });

  it('edits a Gemini settings.json with comments in place, as Gemini CLI reads it (comments allowed), keeping them and its layout', () => {
    const commented = [
      '{',
      '\t// my theme',
      '\t"ui": { "theme": "GitHub" },',
      '\t/* sign-in */',
      '\t"security": {',
      '\t\t"auth": { "selectedType": "oauth-personal" } // was Google',
      '\t}',
      '}',
    ].join('\r\n');
    const merged = mergeGeminiSettings(commented);
    expect(merged).toContain('\t// my theme\r\n');
    expect(merged).toContain('/* sign-in */');
    expect(merged).toContain('"selectedType": "gemini-api-key" } // was Google');
    expect(merged.endsWith('\n')).toBe(true);
    expect(parseJsonc(merged)).toEqual({ ui: { theme: 'GitHub' }, security: { auth: { selectedType: 'gemini-api-key' } } });
    // A setting added where there was none takes the file's own indentation and line ends.
    const added = mergeGeminiSettings('{\r\n\t// no sign-in yet\r\n\t"ui": {}\r\n}\r\n');
    expect(added).toMatch(/\r\n\t"security": \{\r\n\t\t"auth": \{\r\n\t\t\t"selectedType": "gemini-api-key"/);
    expect(added).toContain('// no sign-in yet');
    expect(parseJsonc(added)).toEqual({ ui: {}, security: { auth: { selectedType: 'gemini-api-key' } } });
    // Gemini CLI strips comments but refuses trailing commas: so does the relay.
    expect(() => mergeGeminiSettings('{ "ui": {}, } // trailing comma')).toThrow('is not valid JSON');
  });

  it('writes a commented Gemini settings.json and undo gives it back byte for byte', async () => {
    const { client } = await ownerClient();
    const settingsFile = join(home, '.gemini', 'settings.json');
    await mkdir(join(home, '.gemini'));
    const original = '{\n  // comments are fine in this file\n  "ui": { "theme": "GitHub" }\n}\n';
    await writeFile(settingsFile, original);
    const written = await client.call('POST', '/api/client-setup/write', { client: 'gemini-cli', key: KEY });
    expect(written.status, written.text).toBe(200);
    const text = await readFile(settingsFile, 'utf8');
    expect(text).toContain('// comments are fine in this file');
    expect(parseJsonc(text)).toEqual({ ui: { theme: 'GitHub' }, security: { auth: { selectedType: 'gemini-api-key' } } });
    const undo = await client.call('POST', '/api/client-setup/undo', { client: 'gemini-cli' });
    expect(undo.status, undo.text).toBe(200);
    expect(await readFile(settingsFile, 'utf8')).toBe(original);
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
