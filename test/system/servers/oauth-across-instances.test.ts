// Server mode: an OAuth sign-in started on one instance completes on another (the flow is
// sealed in the browser's cookie with a key from the shared secret store), and the user it
// registers and links is everyone's: the next sign-in through the provider on the first
// instance finds them.
import { describe, expect, it } from 'vitest';
import { outcome, RedirectBrowser, startOidcProvider } from '../../helpers/oauth-providers.js';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { serverModeOptions } from '../../helpers/server-db.js';

describe('OAuth sign-in across instances (server mode)', () => {
  it('a sign-in started on one instance completes on the other, and its user signs in again on the first', async () => {
    const server = await serverModeOptions();
    const first = await startTestRelay({ server });
    const second = await startTestRelay({ server });
    const root = await setupAndLogin(first, 'root', 'root-password-1');
    const oidc = await startOidcProvider(first.origin);
    // Both instances stand behind the first one's address, as behind a load balancer.
    const saved = await root.call('PUT', '/api/option/', { values: { ...oidc.settings, registration_policy: 'open', public_url: first.origin } });
    expect(saved.json.success, saved.text).toBe(true);
    oidc.addAccount('sub-olga', { preferred_username: 'olga' });
    oidc.signInAs('sub-olga');

    const browser = new RedirectBrowser();
    const callback = await browser.follow(`${first.origin}/api/oauth/oidc`, (url) => url.pathname === '/api/oauth/oidc/callback');
    expect(callback.origin).toBe(first.origin);
    // The balancer sends the callback to the second instance: the same address, the same cookies.
    for (const [name, value] of browser.cookies(first.origin)) browser.cookies(second.origin).set(name, value);
    const end = await browser.follow(`${second.origin}${callback.pathname}${callback.search}`, (url) => !url.pathname.startsWith('/api/'));
    expect(outcome(end)).toEqual({ path: '/' });
    expect((await browser.api(second.origin, 'GET', '/api/user/self')).json.data).toMatchObject({ username: 'olga' });

    const again = new RedirectBrowser();
    expect(outcome(await again.follow(`${first.origin}/api/oauth/oidc`, (url) => url.origin === first.origin && !url.pathname.startsWith('/api/')))).toEqual({ path: '/' });
    expect((await again.api(first.origin, 'GET', '/api/user/self')).json.data).toMatchObject({ username: 'olga' });
    const found = await root.call('GET', '/api/user/search?keyword=olga');
    expect(found.json.data.items).toHaveLength(1);
  }, 60_000);
});
