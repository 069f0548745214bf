import { describe, expect, it } from 'vitest';
import { runRelaydeskCli } from '../../helpers/run-cli.js';

describe('npm run relaydesk (maintenance commands)', () => {
  it('lists its commands with --help, and without a command', async () => {
    const help = await runRelaydeskCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/rotate-secret-key\s+re-encrypt the database secrets under a new secret key/);
    const none = await runRelaydeskCli([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toContain('Usage: npm run relaydesk -- <command>');
  });

  it('refuses an unknown command, listing the known ones', async () => {
    const result = await runRelaydeskCli(['rotate-everything']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown command "rotate-everything"');
    expect(result.stderr).toContain('rotate-secret-key');
  });

  it("describes a command's options, and refuses missing ones with its usage", async () => {
    const help = await runRelaydeskCli(['rotate-secret-key', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--new-key-file <path>');
    const missing = await runRelaydeskCli(['rotate-secret-key', '--new-key-file', '/nowhere']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Give the database: --database-url <url> or RELAYDESK_DATABASE_URL.');
    expect(missing.stderr).toContain('Usage: npm run relaydesk -- rotate-secret-key');
    const unknown = await runRelaydeskCli(['rotate-secret-key', '--new-key', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--new-key'");
  });
});
