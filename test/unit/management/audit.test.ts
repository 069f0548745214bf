import { describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { addChannel, startGateway } from '../../helpers/gateway.js';

describe('audit records', () => {
  it('every management change leaves a manage record naming who did what, once', async () => {
    const upstream = await startFakeOpenAIChat();
    try {
      const gateway = await startGateway([]);
      const id = await addChannel(gateway.admin, { type: 1, upstream, models: ['m'] });
      await gateway.admin.call('PUT', '/api/option/', { key: 'retry_times', value: 3 });
      const page = await gateway.admin.call('GET', '/api/log/?type=3&page_size=50');
      const contents: string[] = page.json.data.items.map((r: { content: string; username: string }) => `${r.username}: ${r.content}`);
      expect(contents).toContainEqual(expect.stringMatching(/^owner: .*\(POST \/api\/channel\)$/));
      expect(contents).toContainEqual(expect.stringMatching(/^owner: .*\(PUT \/api\/option\)$/));
      // The key's own route writes one record naming the key, not a second generic one.
      expect(contents.filter((c) => c.includes('test key'))).toHaveLength(1);
      expect(contents.filter((c) => c.includes('/api/token'))).toHaveLength(0);
      expect(id).toBeGreaterThan(0);
    } finally {
      await upstream.close();
    }
  });
});
