import { createHash } from 'node:crypto';

/**
 * Tool names between the responses format and upstreams that know only flat function tools.
 *
 * The responses format groups tools in namespaces (`{type: 'namespace', name: 'multi_agent_v1',
 * tools: [{type: 'function', name: 'spawn_agent', …}]}`, as Codex sends them) and answers a
 * call of such a tool as a `function_call` item carrying both parts: `{type: 'function_call',
 * namespace: 'multi_agent_v1', name: 'spawn_agent', …}` (OpenAPI `FunctionToolCall.namespace`);
 * the client sends the same pair back in its history, and `function_call_output` items may
 * carry it too. Other upstreams get one plain function per namespaced tool:
 *
 * | responses (client side)                          | IR / upstream (flat)          |
 * | ------------------------------------------------ | ----------------------------- |
 * | `namespace: 'multi_agent_v1', name: 'spawn_agent'` | `multi_agent_v1__spawn_agent` |
 * | `name: 'exec_command'` (no namespace)            | `exec_command` (unchanged)    |
 *
 * The flat name is `<namespace>__<tool>` when that fits the common limit of the upstreams
 * (at most 64 characters of `[a-zA-Z0-9_-]`); otherwise other characters become `_` and a
 * too long name is cut, ending in `_` and 8 hex digits of a hash of the original pair, so that
 * it stays unique and comes out the same on every turn. A flat name that would collide with
 * another tool's name gets a numbered suffix.
 *
 * The mapping is not guessed from the shape of a name (plain tools may contain `__`, e.g.
 * MCP's `mcp__server__tool`): it is recorded per request, from the request's tools and
 * history, and only names recorded as namespaced are split again in the answer. Custom
 * (free-form) tools are recorded too, so that their calls go back as `custom_tool_call`.
 */
export const MAX_TOOL_NAME_LENGTH = 64;
/** A custom (free-form) tool is offered to other upstreams as a function taking this one string argument. */
export const CUSTOM_TOOL_INPUT = 'input';
const SEPARATOR = '__';

export interface ClientToolName {
  name: string;
  namespace?: string;
  /** A custom (free-form input) tool: the call goes back as `custom_tool_call`. */
  custom?: boolean;
}

export class ToolNameMap {
  private readonly toClient = new Map<string, ClientToolName>();
  private readonly toFlat = new Map<string, string>();

  /** A plain (non-namespaced) tool: its name stays as it is. */
  addPlain(name: string, custom = false): string {
    const key = keyOf(undefined, name);
    const known = this.toFlat.get(key);
    if (known !== undefined) return known;
    this.toFlat.set(key, name);
    this.toClient.set(name, custom ? { name, custom } : { name });
    return name;
  }

  /** The flat name of a namespaced tool (recorded on first sight). */
  flatten(namespace: string | undefined, name: string, custom = false): string {
    if (namespace === undefined || namespace === '') return this.addPlain(name, custom);
    const key = keyOf(namespace, name);
    const known = this.toFlat.get(key);
    if (known !== undefined) return known;
    let flat = flatName(namespace, name);
    for (let n = 2; this.toClient.has(flat); n++) flat = withSuffix(flatName(namespace, name), `_${n}`);
    this.toFlat.set(key, flat);
    this.toClient.set(flat, custom ? { name, namespace, custom } : { name, namespace });
    return flat;
  }

  /** A name from the answer → the name (and namespace) the client knows. Unknown names pass unchanged. */
  unflatten(flat: string): ClientToolName {
    return this.toClient.get(flat) ?? { name: flat };
  }

  /** The flat name for a bare tool name the client used without its namespace (tool_choice). */
  findByBareName(name: string): string | undefined {
    const direct = this.toClient.get(name);
    if (direct !== undefined && direct.namespace === undefined) return name;
    const matches = [...this.toClient.entries()].filter(([, client]) => client.name === name);
    return matches.length === 1 ? matches[0]![0] : undefined;
  }
}

function keyOf(namespace: string | undefined, name: string): string {
  return namespace === undefined ? `\u0000${name}` : `${namespace}\u0000${name}`;
}

/** `<namespace>__<tool>`, made safe and short enough for every upstream. */
export function flatName(namespace: string, name: string): string {
  const joined = `${namespace}${SEPARATOR}${name}`;
  const safe = joined.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (safe === joined && safe.length <= MAX_TOOL_NAME_LENGTH) return safe;
  const hash = createHash('sha256').update(`${namespace}\u0000${name}`).digest('hex').slice(0, 8);
  if (safe.length <= MAX_TOOL_NAME_LENGTH - 9) return `${safe}_${hash}`;
  return withSuffix(safe, `_${hash}`);
}

function withSuffix(name: string, suffix: string): string {
  return name.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length) + suffix;
}
