// Server mode: the console language a user chooses is kept in PostgreSQL with the account
// (schema 3), so another instance — another browser behind the balancer — sees it.
import { describe, expect, it } from 'vitest';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { serverModeOptions } from '../../helpers/server-db.js';

describe('console language (server mode)', () => {
  it('is kept with the account and read back by another instance', async () => {
    const server = await serverModeOptions();
    const first = await startTestRelay({ server });
    const second = await startTestRelay({ server });
    try {
      const owner = await setupAndLogin(first, 'owner', 'correct horse battery');
      expect((await owner.call('GET', '/api/user/self')).json.data.language).toBe('');
      expect((await owner.call('PUT', '/api/user/self/language', { language: 'zh-CN' })).status).toBe(200);

      const elsewhere = new ApiClient(second.origin);
      expect((await elsewhere.call('POST', '/api/user/login', { username: 'owner', password: 'correct horse battery' })).json.data.language).toBe('zh-CN');
      expect((await elsewhere.call('PUT', '/api/user/self/language', { language: '' })).status).toBe(200);
      expect((await owner.call('GET', '/api/user/self')).json.data.language).toBe('');
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
