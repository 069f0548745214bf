import { describe, expect, it } from 'vitest';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('suppliers (admin)', () => {
  it('creates, reads, updates, pages and deletes suppliers', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);

    const created = await admin.call('POST', '/api/vendors/', { name: ' OpenAI ', description: 'GPT models', icon: 'https://example.com/openai.svg' });
    expect(created.json.success, created.text).toBe(true);
    const id = created.json.data.id as number;
    expect(created.json.data).toMatchObject({ name: 'OpenAI', description: 'GPT models', icon: 'https://example.com/openai.svg', status: 1, models: 0 });
    expect((await admin.call('GET', `/api/vendors/${id}`)).json.data.name).toBe('OpenAI');

    const anthropic = await admin.call('POST', '/api/vendors/', { name: 'Anthropic', icon: PNG, status: 2 });
    expect(anthropic.json.data).toMatchObject({ icon: PNG, status: 2 });
    await admin.call('POST', '/api/vendors/', { name: 'Google' });

    const all = await admin.call('GET', '/api/vendors/?page_size=2');
    expect(all.json.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(all.json.data.items.map((s: { name: string }) => s.name)).toEqual(['OpenAI', 'Anthropic']);
    expect((await admin.call('GET', '/api/vendors/?p=2&page_size=2')).json.data.items.map((s: { name: string }) => s.name)).toEqual(['Google']);
    expect((await admin.call('GET', '/api/vendors/?keyword=gpt')).json.data.items.map((s: { name: string }) => s.name)).toEqual(['OpenAI']);
    expect((await admin.call('GET', '/api/vendors/?status=2')).json.data.items.map((s: { name: string }) => s.name)).toEqual(['Anthropic']);

    const updated = await admin.call('PUT', '/api/vendors/', { id, description: 'Changed', status: 2 });
    expect(updated.json.data).toMatchObject({ id, name: 'OpenAI', description: 'Changed', status: 2, icon: 'https://example.com/openai.svg' });
    expect((await admin.call('PUT', '/api/vendors/', { id, icon: '' })).json.data.icon).toBe('');
    expect((await admin.call('PUT', '/api/vendors/', { id: 999, name: 'x' })).status).toBe(404);

    expect((await admin.call('DELETE', `/api/vendors/${id}`)).json.success).toBe(true);
    expect((await admin.call('GET', `/api/vendors/${id}`)).status).toBe(404);
    expect((await admin.call('DELETE', `/api/vendors/${id}`)).status).toBe(404);
  });

  it('validates names (unique, any case), icons and status', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const id = (await admin.call('POST', '/api/vendors/', { name: 'Mistral' })).json.data.id as number;
    await admin.call('POST', '/api/vendors/', { name: 'DeepSeek' });
    expect((await admin.call('POST', '/api/vendors/', { name: 'mistral' })).status).toBe(409);
    expect((await admin.call('PUT', '/api/vendors/', { id, name: 'DEEPSEEK' })).status).toBe(409);

    const bad = [
      { name: '' },
      { name: 'x'.repeat(65) },
      { description: 'no name' },
      { name: 'a', status: 3 },
      { name: 'a', icon: 'javascript:alert(1)' },
      { name: 'a', icon: 'ftp://example.com/icon.png' },
      { name: 'a', icon: 'not a url' },
      { name: 'a', icon: 'data:text/html;base64,PHNjcmlwdD4=' },
      { name: 'a', icon: 'data:image/png;base64,@@@' },
      { name: 'a', icon: 'data:image/png,notbase64' },
      { name: 'a', icon: `data:image/png;base64,${'A'.repeat(300 * 1024)}` },
      { name: 'a', icon: `https://example.com/${'a'.repeat(2100)}` },
    ];
    for (const body of bad) {
      const response = await admin.call('POST', '/api/vendors/', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json.success).toBe(false);
    }
    expect((await admin.call('GET', '/api/vendors/')).json.data.total).toBe(2);
  });

  it('refuses to delete a supplier that model records name', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const id = (await admin.call('POST', '/api/vendors/', { name: 'Qwen' })).json.data.id as number;
    const model = await admin.call('POST', '/api/models/meta', { name: 'qwen-max', supplier_id: id });
    expect(model.json.success, model.text).toBe(true);
    expect((await admin.call('GET', `/api/vendors/${id}`)).json.data.models).toBe(1);
    const refused = await admin.call('DELETE', `/api/vendors/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/1 model names this supplier/);
    await admin.call('DELETE', `/api/models/meta/${model.json.data.id}`);
    expect((await admin.call('DELETE', `/api/vendors/${id}`)).json.success).toBe(true);
  });
});
