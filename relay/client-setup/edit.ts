// Pure text edits for client configuration files: each merges Relaydesk's settings into
// what is already there and leaves every unrelated setting alone.
import { isDeepStrictEqual } from 'node:util';
import { applyEdits, modify, parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { parse as parseToml, stringify as stringifyToml, TomlError } from 'smol-toml';

export class ConfigFormatError extends Error {}

/** A merged file, and what the person should know about how it was written. */
export interface Merged {
  text: string;
  /** Set when the file had to be rewritten rather than edited in place. */
  notice?: string;
}

/** A JSON settings file as an object ({} when there is none); ConfigFormatError when it is not one. */
function parseJsonObject(existing: string | null): Record<string, unknown> {
  if (existing === null || existing.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(existing);
  } catch {
    throw new ConfigFormatError('is not valid JSON');
  }
  if (!isObject(parsed)) throw new ConfigFormatError('does not hold a JSON object');
  return parsed;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The object at `key` ({} when absent); ConfigFormatError naming `path` when it is something else. */
function objectAt(parent: Record<string, unknown>, key: string, path = key): Record<string, unknown> {
  const value = parent[key];
  if (value === undefined) return {};
  if (!isObject(value)) throw new ConfigFormatError(`has a setting "${path}" that is not an object`);
  return value;
}

function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Claude Code `settings.json`: sets `env.ANTHROPIC_BASE_URL` and `env.ANTHROPIC_AUTH_TOKEN`. */
export function mergeClaudeSettings(existing: string | null, origin: string, key: string): string {
  const settings = parseJsonObject(existing);
  settings.env = { ...objectAt(settings, 'env'), ANTHROPIC_BASE_URL: origin, ANTHROPIC_AUTH_TOKEN: key };
  return jsonText(settings);
}

export const GEMINI_API_KEY_AUTH = 'gemini-api-key';

/**
 * Gemini CLI `settings.json`: selects sign-in with an API key, `security.auth.selectedType`
 * (Gemini CLI 0.6x). Older versions read a top-level `selectedAuthType`: when the file has
 * one it is set too, so the two never disagree (the CLI migrates the old key into the new).
 * The CLI strips comments before parsing this file, so it may hold some: they are allowed,
 * and the file is edited in place (jsonc-parser), keeping them and its layout.
 */
export function mergeGeminiSettings(existing: string | null): string {
  if (existing === null || existing.trim() === '') return jsonText({ security: { auth: { selectedType: GEMINI_API_KEY_AUTH } } });
  const settings = parseJsoncObject(existing);
  objectAt(objectAt(settings, 'security'), 'auth', 'security.auth'); // refuses a value the edit would have to replace
  const edit = (text: string, path: string[]) => applyEdits(text, modify(text, path, GEMINI_API_KEY_AUTH, { formattingOptions: formattingOf(text) }));
  let text = edit(existing, ['security', 'auth', 'selectedType']);
  if (settings.selectedAuthType !== undefined) text = edit(text, ['selectedAuthType']);
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** A JSON object that may hold comments, as Gemini CLI reads it (strip-json-comments: no trailing commas). */
function parseJsoncObject(existing: string): Record<string, unknown> {
  const errors: ParseError[] = [];
  const parsed: unknown = parseJsonc(existing, errors, { allowTrailingComma: false, disallowComments: false });
  if (errors.length > 0) throw new ConfigFormatError('is not valid JSON');
  if (!isObject(parsed)) throw new ConfigFormatError('does not hold a JSON object');
  return parsed;
}

/** New properties indented as the file's first indented line is (two spaces when none is), with its line ends. */
function formattingOf(text: string) {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
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

const CODEX_PROVIDER = (origin: string): [string, string][] => [
  ['name', 'Relaydesk'],
  ['base_url', `${origin}/v1`],
  ['wire_api', 'responses'],
  ['env_key', 'RELAYDESK_API_KEY'],
];

type TomlTable = Record<string, unknown>;

function isTable(value: unknown): value is TomlTable {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

function parseCodexToml(text: string): TomlTable {
  try {
    return parseToml(text) as TomlTable;
  } catch (error) {
    if (error instanceof TomlError) throw new ConfigFormatError(`is not valid TOML (line ${error.line}, column ${error.column}: ${error.message.split('\n')[0]})`);
    throw error;
  }
}

/** smol-toml's tables have no prototype; ordinary objects compare equal to them only once copied. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (isTable(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** What the document must say once merged: the user's settings with ours set over them. */
function withRelaydesk(document: TomlTable, provider: [string, string][]): TomlTable {
  const providers = document.model_providers;
  if (providers !== undefined && !isTable(providers)) throw new ConfigFormatError('has a "model_providers" that is not a table');
  const ours = providers?.relaydesk;
  if (ours !== undefined && !isTable(ours)) throw new ConfigFormatError('has a "model_providers.relaydesk" that is not a table');
  return {
    ...document,
    model_provider: 'relaydesk',
    model_providers: { ...providers, relaydesk: { ...ours, ...Object.fromEntries(provider) } },
  };
}

/**
 * Codex CLI `config.toml`: sets the top-level `model_provider` and the
 * `[model_providers.relaydesk]` table. The file is edited line by line so the user's
 * comments and layout stay; the edit is then checked by parsing it, and when it does not
 * give exactly the intended document (inline tables, dotted keys, multi-line strings in the
 * way) the file is written anew from the parsed document instead, which drops comments.
 */
export function mergeCodexConfig(existing: string | null, origin: string): Merged {
  const provider = CODEX_PROVIDER(origin);
  const text = existing ?? '';
  const intended = withRelaydesk(text.trim() === '' ? {} : parseCodexToml(text), provider);
  const edited = editCodexLines(text, provider);
  let editedDocument: TomlTable | null = null;
  try {
    editedDocument = parseToml(edited) as TomlTable;
  } catch {
    editedDocument = null;
  }
  if (editedDocument !== null && isDeepStrictEqual(plain(editedDocument), plain(intended))) return { text: edited };
  return {
    text: `${stringifyToml(intended)}\n`,
    notice: 'The file was written anew from its settings (its layout could not be edited in place), so its comments are gone; the backup keeps the original.',
  };
}

/** The line edit: top-level keys before the first table header, then the relaydesk table. */
function editCodexLines(text: string, provider: [string, string][]): string {
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);

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
