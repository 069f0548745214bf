import { describe, expect, it } from 'vitest';
import { AdvancedCustomError, chooseRoute, modelsRoute, parseAdvancedCustom, routeServes, routeUrl } from '../../../../relay/providers/advanced-custom/config.js';

const chat = { path: '/v1/chat/completions', upstream_path: '/custom/chat' };

function rejects(json: unknown, message: RegExp) {
  let thrown: unknown;
  try {
    parseAdvancedCustom(json);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(AdvancedCustomError);
  expect((thrown as AdvancedCustomError).message).toMatch(message);
}

describe('parseAdvancedCustom', () => {
  it('accepts a JSON string or an object and normalises defaults (models: every, auth: bearer, converter: none)', () => {
    const config = parseAdvancedCustom(JSON.stringify({ routes: [chat] }));
    expect(config).toEqual({ routes: [{ path: '/v1/chat/completions', upstream_path: '/custom/chat', models: [], auth: { type: 'bearer' }, converter: 'none' }] });
    expect(parseAdvancedCustom({ routes: [chat] })).toEqual(config);
  });

  it('reads every key placement, the generate-content path spellings, converters and /regex/ models', () => {
    const config = parseAdvancedCustom({
      routes: [
        { ...chat, auth: 'none' },
        { path: '/v1/messages', upstream_path: 'https://up.example/x/{model}', auth: { header: 'X-Api-Token' }, converter: 'anthropic-messages', models: ['a', '/^claude-/i'] },
        { path: '/v1/responses/', upstream_path: '/r', auth: { query: 'key' }, converter: 'openai-responses' },
        { path: '/v1beta/models/*:streamGenerateContent', upstream_path: '/g/{model}:generateContent', auth: { type: 'header', name: 'x-goog-api-key' } },
        { path: '/v1/models', upstream_path: '/models', auth: { type: 'query', name: 'k' } },
      ],
    });
    expect(config.routes.map((r) => [r.path, r.auth, r.converter])).toEqual([
      ['/v1/chat/completions', { type: 'none' }, 'none'],
      ['/v1/messages', { type: 'header', name: 'X-Api-Token' }, 'anthropic-messages'],
      ['/v1/responses', { type: 'query', name: 'key' }, 'openai-responses'],
      ['/v1beta/models/{model}:generateContent', { type: 'header', name: 'x-goog-api-key' }, 'none'],
      ['/v1/models', { type: 'query', name: 'k' }, 'none'],
    ]);
    // The stored (normalised) form is valid input again.
    expect(parseAdvancedCustom(JSON.stringify(config))).toEqual(config);
  });

  it('answers clear 400 errors naming the field at fault', () => {
    rejects('', /advanced_custom is required/);
    rejects(undefined, /advanced_custom is required/);
    rejects('{not json', /not valid JSON/);
    rejects('[]', /must be a JSON object/);
    rejects({ routes: [] }, /routes must be a non-empty list/);
    rejects({ routes: [chat], extra: 1 }, /unknown field "extra"/);
    rejects({ routes: [{ ...chat, upstream: '/x' }] }, /routes\[0\]: unknown field "upstream"/);
    rejects({ routes: [{ upstream_path: '/x' }] }, /routes\[0\]\.path is required/);
    rejects({ routes: [{ ...chat, path: '/v1/embeddings' }] }, /"\/v1\/embeddings" is not a path the relay serves/);
    rejects({ routes: [{ path: '/v1/chat/completions' }] }, /upstream_path is required/);
    rejects({ routes: [{ ...chat, upstream_path: 'custom/chat' }] }, /must be an absolute http\(s\) URL or a path starting with \//);
    rejects({ routes: [{ ...chat, upstream_path: 'ftp://x/y' }] }, /must be an absolute http\(s\) URL/);
    rejects({ routes: [{ ...chat, models: ['/([/'] }] }, /models: \/\(\[\/ is not a valid regular expression/);
    rejects({ routes: [{ ...chat, models: [1] }] }, /models must be a list/);
    rejects({ routes: [{ ...chat, auth: 'basic' }] }, /auth must be "bearer", "none"/);
    rejects({ routes: [{ ...chat, auth: { header: '' } }] }, /give the header name/);
    rejects({ routes: [{ ...chat, auth: { header: 'bad header' } }] }, /not a valid header name/);
    rejects({ routes: [{ ...chat, converter: 'openai' }] }, /converter must be one of none, openai-chat, anthropic-messages, openai-responses, gemini-generate-content/);
    rejects({ routes: [{ path: '/v1/models', upstream_path: '/m' }] }, /at least one model-call route/);
    rejects({ routes: [chat, { path: '/v1/models', upstream_path: '/m', converter: 'openai-chat' }] }, /converter must be "none"/);
  });
});

describe('routes at run time', () => {
  const config = parseAdvancedCustom({
    routes: [
      { path: '/v1/messages', upstream_path: '/anthropic', models: ['/^claude-/'], converter: 'anthropic-messages' },
      { path: '/v1/chat/completions', upstream_path: '/chat', models: ['gpt-4o', '/^claude-/'] },
      { path: '/v1/chat/completions', upstream_path: '/fallback' },
      { path: '/v1/models', upstream_path: 'https://list.example/models' },
    ],
  });

  it('matches exact names and regexes; an empty list serves every model', () => {
    expect(routeServes(config.routes[0]!, ['claude-sonnet'])).toBe(true);
    expect(routeServes(config.routes[0]!, ['gpt-4o'])).toBe(false);
    expect(routeServes(config.routes[1]!, ['gpt-4o'])).toBe(true);
    expect(routeServes(config.routes[1]!, ['gpt-4o-mini'])).toBe(false);
    expect(routeServes(config.routes[2]!, ['anything'])).toBe(true);
  });

  it("prefers the client protocol's route among those serving the model, else the first serving one; never the /v1/models route", () => {
    expect(chooseRoute(config, 'openai-chat', ['claude-x'])!.upstream_path).toBe('/chat');
    expect(chooseRoute(config, 'anthropic-messages', ['claude-x'])!.upstream_path).toBe('/anthropic');
    expect(chooseRoute(config, 'gemini-generate-content', ['claude-x'])!.upstream_path).toBe('/anthropic');
    expect(chooseRoute(config, undefined, ['other'])!.upstream_path).toBe('/fallback');
    expect(chooseRoute(parseAdvancedCustom({ routes: [{ ...chat, models: ['a'] }] }), 'openai-chat', ['b'])).toBeUndefined();
    expect(modelsRoute(config)!.upstream_path).toBe('https://list.example/models');
  });

  it('joins relative upstream paths to a full base URL and refuses them without one', () => {
    const route = parseAdvancedCustom({ routes: [{ ...chat, upstream_path: '/x/{model}/chat' }] }).routes[0]!;
    expect(routeUrl(route, 'https://up.example/api/', 'a b/c')).toBe('https://up.example/api/x/a%20b%2Fc/chat');
    expect(() => routeUrl(route, '', 'm')).toThrow(/relative: it needs the channel's base URL .* which is empty/);
    expect(() => routeUrl(route, 'up.example', 'm')).toThrow(/must be a full http:\/\/ or https:\/\/ address/);
    const absolute = parseAdvancedCustom({ routes: [{ ...chat, upstream_path: 'https://abs.example/{model}' }] }).routes[0]!;
    expect(routeUrl(absolute, '', 'm')).toBe('https://abs.example/m');
  });
});
