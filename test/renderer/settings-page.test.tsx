import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../renderer/i18n/index.js';
import SettingsPage from '../../renderer/pages/SettingsPage.js';
import { stubApi } from './helpers/fake-api.js';

const options = [
  { key: 'retry_times', group: 'routing', type: 'integer', value: 2, default: 2, description: 'Further attempts.', min: 0, max: 10 },
  { key: 'auto_disable_channel', group: 'routing', type: 'boolean', value: true, default: true, description: 'Disable a key.' },
  { key: 'connect_timeout_seconds', group: 'timeouts', type: 'number', value: 10, default: 10, description: 'Time to connect.', min: 1, max: 600, restart: true },
  { key: 'api_rate_limit', group: 'rate limits', type: 'integer', value: 360, default: 360, description: 'Calls per window.', min: 0, max: 1000000 },
  { key: 'lan_access', group: 'network', type: 'boolean', value: false, default: false, description: 'Listen on every interface.', restart: true },
  { key: 'smtp_password', group: 'email', type: 'secret', value: null, default: null, description: 'SMTP password.', set: true },
  { key: 'new_user_quota', group: 'registration', type: 'integer', value: 250_000, default: 0, description: 'Quota for new users.', min: 0, max: 1e12 },
];

function page() {
  const api = stubApi().on('GET /api/option', options).on('PUT /api/option', null);
  render(<SettingsPage {...({} as any)} />);
  return api;
}

describe('SettingsPage', () => {
  it('shows every setting in its group, named in words (acronyms in capitals)', async () => {
    page();
    const routing = await screen.findByRole('region', { name: 'Routing' });
    expect(within(routing).getByLabelText('Retry times')).toBeTruthy();
    expect(screen.getByLabelText('API rate limit')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'LAN access' })).toBeTruthy();
  });

  it('refuses a value outside its range, saying the limit, and saves nothing', async () => {
    const api = page();
    const field = await screen.findByLabelText('Retry times');
    await userEvent.clear(field);
    await userEvent.type(field, '11');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('At most 10.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('lists the sections in a side index, and shows the save bar only once something changed', async () => {
    page();
    const index = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(within(index).getAllByRole('link').map((link) => link.textContent)).toEqual(['Routing', 'Timeouts', 'Rate limits', 'Network', 'Email', 'Registration']);
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'LAN access' }));
    expect(screen.getByTestId('settings-unsaved').textContent).toBe('1 unsaved change: LAN access');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'LAN access' }).getAttribute('aria-checked')).toBe('false');
  });

  it('saves every change of every section at once, amounts typed in US dollars, and says when it applies at the next start', async () => {
    const api = page();
    const field = await screen.findByLabelText('Connect timeout seconds');
    await userEvent.clear(field);
    await userEvent.type(field, '20');
    const amount = screen.getByLabelText<HTMLInputElement>('New user quota (USD)');
    expect(amount.value).toBe('0.5');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2');
    expect(screen.getByTestId('settings-unsaved').textContent).toBe('2 unsaved changes: Connect timeout seconds, New user quota');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/applies at the next start/)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ values: { connect_timeout_seconds: 20, new_user_quota: 1_000_000 } });
  });

  it('never shows a secret setting, only whether it is stored', async () => {
    page();
    const secret = await screen.findByLabelText<HTMLInputElement>('SMTP password');
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('Stored — type to replace');
  });

  describe('in Chinese', () => {
    afterEach(() => void i18n.changeLanguage('en'));

    it('names and describes each setting and section from the catalogue, not in the relay\'s English', async () => {
      await i18n.changeLanguage('zh-CN');
      page();
      const routing = await screen.findByRole('region', { name: '路由' });
      const retries = within(routing).getByLabelText('重试次数');
      expect(retries).toBeTruthy();
      expect(within(routing).getByText('可重试的失败之后，在其他渠道或密钥上再尝试的次数。')).toBeTruthy();
      expect(screen.getByLabelText('新用户额度（美元）')).toBeTruthy();
      expect(screen.queryByText('Further attempts.')).toBeNull();
      expect(screen.queryByText('Retry times')).toBeNull();
    });

    it("shows a choice's name and a refused pattern's hint from the catalogue", async () => {
      await i18n.changeLanguage('zh-CN');
      const api = stubApi()
        .on('GET /api/option', [
          { key: 'registration_policy', group: 'registration', type: 'enum', value: 'closed', default: 'closed', description: 'Who may register.', values: ['closed', 'open', 'invite'] },
          { key: 'smtp_from', group: 'email', type: 'string', value: '', default: '', description: 'Sender address.', pattern: '^[^\\s@]+@[^\\s@]+$', patternHint: 'smtp_from is an e-mail address.', maxLength: 254 },
        ])
        .on('PUT /api/option', null);
      render(<SettingsPage {...({} as any)} />);
      const policy = await screen.findByLabelText<HTMLSelectElement>('注册策略');
      expect([...policy.options].map((o) => o.textContent)).toEqual(['关闭（closed）', '开放（open）', '仅限邀请（invite）']);
      await userEvent.type(screen.getByLabelText('SMTP 发件人'), 'not-an-address');
      await userEvent.click(screen.getByRole('button', { name: '保存修改' }));
      expect(await screen.findByText('smtp_from 应为电子邮件地址。')).toBeTruthy();
      expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    });

    it("falls back to the relay's own name and description for a setting the catalogue lacks", async () => {
      await i18n.changeLanguage('zh-CN');
      stubApi().on('GET /api/option', [{ key: 'brand_new_knob', group: 'other', type: 'integer', value: 1, default: 1, description: 'A setting no catalogue has yet.', min: 0, max: 9 }]);
      render(<SettingsPage {...({} as any)} />);
      expect(await screen.findByLabelText('Brand new knob')).toBeTruthy();
      expect(screen.getByText('A setting no catalogue has yet.')).toBeTruthy();
      expect(screen.getByRole('region', { name: '其他' })).toBeTruthy();
    });
  });
});
