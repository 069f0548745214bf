// "Copy as curl": a kept call's request against this relay, the key left out as $RELAYDESK_KEY
// (set it in the shell first), sent the way the call's protocol expects it. Pure.

export interface KeptRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  request: string;
}

export const KEY_PLACEHOLDER = '$RELAYDESK_KEY';

/** A word for a POSIX shell, in single quotes. */
function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** How the protocol of `path` is given its key: Anthropic's and Gemini's own headers, else a Bearer token. */
function keyHeader(path: string): string {
  if (/^\/v1\/messages(\/|\?|$)/.test(path)) return `x-api-key: ${KEY_PLACEHOLDER}`;
  if (path.startsWith('/v1beta')) return `x-goog-api-key: ${KEY_PLACEHOLDER}`;
  return `Authorization: Bearer ${KEY_PLACEHOLDER}`;
}

export function curlOf(kept: KeptRequest, origin: string): string {
  // A playground call (/pg/…, made with the console session) is the same call under /v1 with a key.
  const path = kept.path.replace(/^\/pg\//, '/v1/');
  const lines = [`curl ${kept.method === 'POST' ? '' : `-X ${kept.method} `}${quoted(origin.replace(/\/+$/, '') + path)}`];
  // Double quotes: the shell fills in the key from the environment.
  lines.push(`-H "${keyHeader(path)}"`);
  for (const [name, value] of Object.entries(kept.headers)) lines.push(`-H ${quoted(`${name}: ${value}`)}`);
  if (kept.request) lines.push(`--data-raw ${quoted(kept.request)}`);
  return lines.join(' \\\n  ');
}
