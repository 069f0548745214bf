import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ChannelType, DEFAULT_BASE_URLS } from '../../../relay/providers/channel-facts.js';
import type { ChannelRecord } from '../../../relay/store/schema.js';
import { channelEndpoint, effectiveBaseUrl, endpointOf } from '../../../relay/upstream/channel-endpoint.js';
import type { EndpointChannel } from '../../../relay/upstream/channel-endpoint.js';
import { Dispatchers } from '../../../relay/upstream/dispatchers.js';

const KEY = 'sk-endpoint-test-0123456789';

const dispatchers: Dispatchers[] = [];
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.close()));
});

function pool(): Dispatchers {
  const made = new Dispatchers(1000);
  dispatchers.push(made);
  return made;
}

function draft(fields: Partial<EndpointChannel> = {}): EndpointChannel {
  return { type: ChannelType.openai, base_url: '', header_override: {}, ...fields };
}

describe('base URL', () => {
  it("uses the type's default when the channel has none", () => {
    expect(effectiveBaseUrl(ChannelType.openai, '')).toBe('https://api.openai.com');
    expect(effectiveBaseUrl(ChannelType.anthropic, '')).toBe('https://api.anthropic.com');
    expect(effectiveBaseUrl(ChannelType.gemini, '  ')).toBe('https://generativelanguage.googleapis.com');
    expect(effectiveBaseUrl(ChannelType.openrouter, '')).toBe('https://openrouter.ai/api');
    for (const [type, url] of Object.entries(DEFAULT_BASE_URLS)) expect(effectiveBaseUrl(Number(type), '')).toBe(url);
  });

  it('is empty for a type without a default and no base URL of its own', () => {
    expect(effectiveBaseUrl(ChannelType.azure, '')).toBe('');
    expect(effectiveBaseUrl(ChannelType.custom, '')).toBe('');
    expect(effectiveBaseUrl(ChannelType.advancedCustom, '')).toBe('');
  });

  it("prefers the channel's own base URL, without trailing slashes or spaces", () => {
    expect(effectiveBaseUrl(ChannelType.openai, 'https://proxy.example/v1/')).toBe('https://proxy.example/v1');
    expect(effectiveBaseUrl(ChannelType.anthropic, ' https://a.example// ')).toBe('https://a.example');
    expect(endpointOf(draft({ base_url: 'http://10.0.0.2:8080/' }), KEY, pool().for('')).baseUrl).toBe('http://10.0.0.2:8080');
  });

  it("gives adapters the same base URL, the key and the upstream model", () => {
    const endpoint = endpointOf(draft({ type: ChannelType.gemini }), KEY, pool().for(''));
    expect(endpoint.target('gemini-2.5-flash', { a: 1 })).toEqual({ baseUrl: 'https://generativelanguage.googleapis.com', apiKey: KEY, model: 'gemini-2.5-flash', settings: { a: 1 } });
  });
});

describe('header override', () => {
  it('replaces and adds headers, names lower-cased, {api_key} becoming the key', () => {
    const endpoint = endpointOf(
      draft({ header_override: { Authorization: 'Token {api_key}', 'X-Team': 'research', 'X-Both': '{api_key}:{api_key}' } }),
      KEY,
      pool().for(''),
    );
    expect(endpoint.headers({ authorization: `Bearer ${KEY}`, 'content-type': 'application/json' })).toEqual({
      authorization: `Token ${KEY}`,
      'content-type': 'application/json',
      'x-team': 'research',
      'x-both': `${KEY}:${KEY}`,
    });
  });

  it("leaves the request's headers alone without overrides, and does not change the object given", () => {
    const endpoint = endpointOf(draft({ header_override: { 'x-extra': '1' } }), KEY, pool().for(''));
    const own = { accept: 'application/json' };
    expect(endpoint.headers(own)).toEqual({ accept: 'application/json', 'x-extra': '1' });
    expect(own).toEqual({ accept: 'application/json' });
    expect(endpointOf(draft(), KEY, pool().for('')).headers(own)).toEqual(own);
    expect(endpointOf(draft(), KEY, pool().for('')).headers()).toEqual({});
  });
});

describe('no key in logs', () => {
  const override = { 'x-api-key': 'prefix-{api_key}', 'x-other-secret': 'other-secret-value-42', 'x-short': 'abc' };

  it('an endpoint printed or serialised shows no key', () => {
    const endpoint = endpointOf(draft({ header_override: override }), KEY, pool().for(''));
    expect(JSON.stringify(endpoint)).not.toContain(KEY);
    expect(inspect(endpoint, { depth: 5 })).not.toContain(KEY);
    expect(`${Object.values(endpoint).join(' ')}`).not.toContain(KEY);
  });

  it('redacts the key, its URL encoding and every override value from a message', () => {
    const key = 'sk-with/slash+plus=0123456789';
    const endpoint = endpointOf(draft({ header_override: override }), key, pool().for(''));
    const message = `GET https://u.example/v1/models?key=${encodeURIComponent(key)} sent x-api-key prefix-${key} and other-secret-value-42; auth ${key}; abc stays`;
    const redacted = endpoint.redact(message);
    expect(redacted).not.toContain(key);
    expect(redacted).not.toContain(encodeURIComponent(key));
    expect(redacted).not.toContain('other-secret-value-42');
    expect(redacted).toContain('abc stays');
  });

  it('redacts even a short key', () => {
    expect(endpointOf(draft(), 'k1', pool().for('')).redact('the key k1 was refused')).toBe('the key *** was refused');
    expect(endpointOf(draft(), '', pool().for('')).redact('no key')).toBe('no key');
  });
});

describe('proxy', () => {
  const saved = (proxy: string) => ({ ...draft(), id: 7, proxy }) as unknown as ChannelRecord;
  const channels = { proxyUrl: async (channel: ChannelRecord) => channel.proxy };

  it("goes through the channel's proxy, one pool per proxy, direct without one", async () => {
    const made = pool();
    const direct = await channelEndpoint(saved(''), KEY, { channels, dispatchers: made });
    const proxied = await channelEndpoint(saved('http://127.0.0.1:9'), KEY, { channels, dispatchers: made });
    const again = await channelEndpoint(saved('http://127.0.0.1:9'), KEY, { channels, dispatchers: made });
    expect(direct.dispatcher).toBe(made.for(''));
    expect(proxied.dispatcher).not.toBe(direct.dispatcher);
    expect(again.dispatcher).toBe(proxied.dispatcher);
  });

  it('asks the store for the proxy (a password in it lives in the secret store)', async () => {
    const made = pool();
    const asked: number[] = [];
    const endpoint = await channelEndpoint(saved('http://user@127.0.0.1:9'), KEY, {
      channels: { proxyUrl: async (channel) => (asked.push(channel.id), 'http://user:pw@127.0.0.1:9') },
      dispatchers: made,
    });
    expect(asked).toEqual([7]);
    expect(endpoint.dispatcher).toBe(made.for('http://user:pw@127.0.0.1:9'));
  });
});
