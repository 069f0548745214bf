import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';

type Option = { key: string; type: string; group: string; value: unknown; default: unknown; set?: boolean; min?: number; max?: number; values?: string[]; restart?: boolean };

async function optionsOf(admin: ApiClient): Promise<Record<string, Option>> {
  const response = await admin.call('GET', '/api/option/');
  expect(response.json.success, response.text).toBe(true);
  return Object.fromEntries((response.json.data as Option[]).map((o) => [o.key, o]));
}

describe('system settings', () => {
  it('lists every option with its value, default, type, rules and group', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const options = await optionsOf(admin);
    expect(options.retry_times).toMatchObject({ type: 'integer', group: 'routing', value: 2, default: 2, min: 0, max: 10 });
    expect(options.unpriced_model_policy).toMatchObject({ type: 'enum', group: 'billing', value: 'free', values: ['free', 'reject'] });
    expect(options.auto_disable_channel).toMatchObject({ type: 'boolean', value: true });
    expect(options.auto_enable_channel).toMatchObject({ type: 'boolean', group: 'routing' });
    expect(options.stream_idle_timeout_seconds).toMatchObject({ type: 'number', group: 'timeouts', value: 300 });
    expect(options.site_name).toMatchObject({ type: 'string', group: 'site', value: 'Relaydesk' });
    expect(options.registration_policy).toMatchObject({ type: 'enum', group: 'registration', value: 'closed', values: ['closed', 'open', 'invite'] });
    expect(options.new_user_quota).toMatchObject({ type: 'integer', value: 0 });
    expect(options.lan_access).toMatchObject({ type: 'boolean', group: 'network', value: false, restart: true });
    expect(options.api_rate_limit).toMatchObject({ group: 'rate limits', value: 360 });
    expect(options.log_retention_days).toMatchObject({ group: 'logs', value: 90 });
    expect(options.smtp_password).toMatchObject({ type: 'secret', group: 'email', value: null, set: false });
    for (const option of Object.values(options)) expect(typeof option.type).toBe('string');
    expect(options.model_prices).toBeUndefined();
    expect(options.group_ratios).toBeUndefined();
  });

  it('checks each value: types, ranges, enums and patterns; converts text numbers and booleans; null restores the default', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const refused = [
      { key: 'no_such_setting', value: 1 },
      { key: 'retry_times', value: -1 },
      { key: 'retry_times', value: 11 },
      { key: 'retry_times', value: 1.5 },
      { key: 'retry_times', value: 'abc' },
      { key: 'retry_times' },
      { key: 'unpriced_model_policy', value: 'maybe' },
      { key: 'base_path', value: 'relay/' },
      { key: 'base_path', value: '/relay/' },
      { key: 'retry_status_codes', value: '429,abc' },
      { key: 'retry_status_codes', value: '600' },
      { key: 'retry_status_codes', value: '503-500' },
      { key: 'auto_disable_channel', value: 'yes' },
      { key: 'site_name', value: '' },
      { key: 'site_name', value: 'x'.repeat(65) },
      { key: 'registration_policy', value: 'everyone' },
      { key: 'smtp_port', value: 70000 },
      { key: 'smtp_from', value: 'not an address' },
      { key: 'stream_idle_timeout_seconds', value: 0 },
      { key: 'model_prices', value: '{}' },
      { key: 'group_ratios', value: '{}' },
      {},
    ];
    for (const body of refused) {
      const response = await admin.call('PUT', '/api/option/', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.success).toBe(false);
      expect(response.json.message.length).toBeGreaterThan(5);
    }
    expect((await admin.call('PUT', '/api/option/', { key: 'group_ratios', value: '{}' })).json.message).toContain('/api/group');

    const accepted: [string, unknown, unknown][] = [
      ['retry_times', '3', 3],
      ['auto_disable_channel', 'false', false],
      ['retry_status_codes', '429, 500-599', '429, 500-599'],
      ['base_path', '/relay', '/relay'],
      ['site_name', '  My relay ', 'My relay'],
      ['first_byte_timeout_seconds', 2.5, 2.5],
      ['registration_policy', 'invite', 'invite'],
      ['smtp_from', 'relay@example.com', 'relay@example.com'],
    ];
    for (const [key, value] of accepted) {
      const response = await admin.call('PUT', '/api/option/', { key, value });
      expect(response.json.success, `${key}: ${response.text}`).toBe(true);
    }
    let options = await optionsOf(admin);
    for (const [key, , stored] of accepted) expect(options[key]!.value, key).toEqual(stored);

    expect((await admin.call('PUT', '/api/option/', { key: 'retry_times', value: null })).json.success).toBe(true);
    expect((await admin.call('PUT', '/api/option/', { key: 'base_path', value: '' })).json.success).toBe(true);
    options = await optionsOf(admin);
    expect(options.retry_times!.value).toBe(2);
    expect(options.base_path!.value).toBe('');
  });

  it('sets several at once, all or nothing', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const refused = await admin.call('PUT', '/api/option/', { values: { retry_times: 4, key_recovery_seconds: -5 } });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('key_recovery_seconds');
    expect((await optionsOf(admin)).retry_times!.value).toBe(2);
    const saved = await admin.call('PUT', '/api/option/', { values: { retry_times: 4, key_recovery_seconds: 60, lan_access: true } });
    expect(saved.json.success, saved.text).toBe(true);
    expect(saved.json.message).toMatch(/lan_access takes effect at the next start/);
    const options = await optionsOf(admin);
    expect([options.retry_times!.value, options.key_recovery_seconds!.value, options.lan_access!.value]).toEqual([4, 60, true]);
  });

  it('secret options are write-only: stored in the secret store, never answered, never in the state file', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const secret = 'smtp-Secret-Value-0123456789';
    const saved = await admin.call('PUT', '/api/option/', { key: 'smtp_password', value: secret });
    expect(saved.json.success, saved.text).toBe(true);
    expect(saved.text).not.toContain(secret);
    const listed = await admin.call('GET', '/api/option/');
    expect(listed.text).not.toContain(secret);
    expect((listed.json.data as Option[]).find((o) => o.key === 'smtp_password')).toMatchObject({ value: null, set: true });
    expect((await admin.call('PUT', '/api/option/', { key: 'smtp_password', value: 42 })).status).toBe(400);

    await relay.close();
    const files = (await readdir(relay.dataDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    for (const file of files) expect((await readFile(join(file.parentPath, file.name), 'latin1')).includes(secret), file.name).toBe(false);

    const again = await startTestRelay({ dataDir: relay.dataDir });
    const admin2 = new ApiClient(again.origin);
    expect((await admin2.call('POST', '/api/user/login', { username: 'owner', password: 'correct horse battery' })).json.success).toBe(true);
    expect((await optionsOf(admin2)).smtp_password!.set).toBe(true);
    expect((await admin2.call('PUT', '/api/option/', { key: 'smtp_password', value: null })).json.success).toBe(true);
    expect((await optionsOf(admin2)).smtp_password!.set).toBe(false);
  });

  it('a changed management API rate limit applies at once', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    expect((await admin.call('PUT', '/api/option/', { values: { api_rate_limit: 3, api_rate_limit_window_seconds: 60 } })).json.success).toBe(true);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await admin.call('GET', '/api/status')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
