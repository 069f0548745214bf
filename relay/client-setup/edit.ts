// Pure text edits for client configuration files: each merges Relaydesk's settings into
// what is already there and leaves every unrelated setting alone.

export class ConfigFormatError extends Error {}

/** Claude Code `settings.json`: sets `env.ANTHROPIC_BASE_URL` and `env.ANTHROPIC_AUTH_TOKEN`. */
export function mergeClaudeSettings(existing: string | null, origin: string, key: string): string {
  let settings: Record<string, unknown> = {};
  if (existing !== null && existing.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(existing);
    } catch {
      throw new ConfigFormatError('is not valid JSON');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigFormatError('does not hold a JSON object');
    settings = parsed as Record<string, unknown>;
  }
  const env = settings.env;
  if (env !== undefined && (env === null || typeof env !== 'object' || Array.isArray(env))) throw new ConfigFormatError('has an "env" that is not an object');
  settings.env = { ...((env as Record<string, unknown> | undefined) ?? {}), ANTHROPIC_BASE_URL: origin, ANTHROPIC_AUTH_TOKEN: key };
  return `${JSON.stringify(settings, null, 2)}\n`;
}

const TABLE_HEADER = /^\s*\[/;
const RELAYDESK_TABLE = /^\s*\[\s*model_providers\s*\.\s*(?:relaydesk|"relaydesk"|'relaydesk')\s*\]\s*(?:#.*)?$/;

function tomlKeyLine(line: string, key: string): boolean {
  return new RegExp(`^\\s*(?:${key}|"${key}"|'${key}')\\s*=`).test(line);
}

function tomlString(value: string): string {
  return JSON.stringify(value);
}

/** Sets each key in `lines` (one table's body), replacing existing assignments and appending the rest. */
function setTomlKeys(lines: string[], values: [string, string][]): string[] {
  const out = [...lines];
  const missing: string[] = [];
  for (const [key, value] of values) {
    const line = `${key} = ${tomlString(value)}`;
    const index = out.findIndex((l) => tomlKeyLine(l, key));
    if (index >= 0) out[index] = line;
    else missing.push(line);
  }
  // New keys go after the last non-blank line of the table, not after its trailing blank lines.
  let end = out.length;
  while (end > 0 && out[end - 1]!.trim() === '') end--;
  out.splice(end, 0, ...missing);
  return out;
}

/**
 * Codex CLI `config.toml`, edited by section: the top-level `model_provider` and the
 * `[model_providers.relaydesk]` table; other tables and keys are kept line for line.
 */
export function mergeCodexConfig(existing: string | null, origin: string): string {
  const text = existing ?? '';
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
  const provider: [string, string][] = [
    ['name', 'Relaydesk'],
    ['base_url', `${origin}/v1`],
    ['wire_api', 'responses'],
    ['env_key', 'RELAYDESK_API_KEY'],
  ];

  // Top level: everything before the first table header.
  let firstHeader = lines.findIndex((l) => TABLE_HEADER.test(l));
  if (firstHeader < 0) firstHeader = lines.length;
  const top = setTomlKeys(lines.slice(0, firstHeader), [['model_provider', 'relaydesk']]);
  if (firstHeader < lines.length && top.length > 0 && top[top.length - 1]!.trim() !== '') top.push('');
  let rest = lines.slice(firstHeader);

  const start = rest.findIndex((l) => RELAYDESK_TABLE.test(l));
  if (start >= 0) {
    let end = rest.findIndex((l, i) => i > start && TABLE_HEADER.test(l));
    if (end < 0) end = rest.length;
    rest = [...rest.slice(0, start + 1), ...setTomlKeys(rest.slice(start + 1, end), provider), ...rest.slice(end)];
  } else {
    while (rest.length > 0 && rest[rest.length - 1]!.trim() === '') rest.pop();
    const all = [...top, ...rest];
    if (all.length > 0 && all[all.length - 1]!.trim() !== '') rest.push('');
    rest.push('[model_providers.relaydesk]', ...provider.map(([k, v]) => `${k} = ${tomlString(v)}`));
  }
  return `${[...top, ...rest].join('\n')}\n`;
}

/** Gemini CLI `.env` (dotenv): sets each variable, replacing its existing line or appending one. */
export function mergeDotenv(existing: string | null, values: Record<string, string>): string {
  const text = existing ?? '';
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
  const missing: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const pattern = new RegExp(`^\\s*(?:export\\s+)?${name}\\s*=`);
    const line = `${name}=${value}`;
    let found = false;
    for (let i = 0; i < lines.length; i++) {
      if (!pattern.test(lines[i]!)) continue;
      lines[i] = line;
      found = true;
    }
    if (!found) missing.push(line);
  }
  return `${[...lines, ...missing].join('\n')}\n`;
}
