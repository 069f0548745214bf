import type { ChatRequest, ToolChoice, ToolDefinition } from '../../ir/chat-request.js';
import { invalid, missing, optionalBoolean, optionalEnum, optionalString, requireObject, setDefined } from '../validate.js';
import { decodeCacheControl } from './decode-messages.js';

/**
 * Custom tools (`name`, `description`, `input_schema`) → IR. Server tools (`{type:
 * "web_search_…"}`, `code_execution_…`, the Anthropic-defined `bash_…`/`text_editor_…`)
 * run at Anthropic or need its own schema: they are dropped, with a warning.
 */
export function decodeTools(value: unknown, warnings: string[]): ToolDefinition[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalid('tools', "Invalid type for 'tools': expected an array.", 'invalid_type');
  const tools: ToolDefinition[] = [];
  value.forEach((item, i) => {
    const path = `tools[${i}]`;
    const tool = requireObject(item, path);
    if (tool.type !== undefined && tool.type !== null && tool.type !== 'custom') {
      warnings.push(`The server tool ${JSON.stringify(tool.type)}${typeof tool.name === 'string' ? ` (${tool.name})` : ''} cannot be served by the relay; it was dropped.`);
      return;
    }
    const name = optionalString(tool, 'name', `${path}.name`);
    if (!name) throw missing(`${path}.name`);
    if (tool.input_schema === undefined || tool.input_schema === null) throw missing(`${path}.input_schema`);
    const definition: ToolDefinition = { name, parameters: requireObject(tool.input_schema, `${path}.input_schema`) };
    setDefined(definition, 'description', optionalString(tool, 'description', `${path}.description`));
    setDefined(definition, 'strict', optionalBoolean(tool, 'strict', `${path}.strict`));
    setDefined(definition, 'cacheControl', decodeCacheControl(tool.cache_control, `${path}.cache_control`));
    tools.push(definition);
  });
  return tools;
}

/** `{type: auto | any | tool | none, name?, disable_parallel_tool_use?}` → IR choice and parallelism. */
export function decodeToolChoice(value: unknown, request: ChatRequest): void {
  if (value === undefined || value === null) return;
  const choice = requireObject(value, 'tool_choice');
  const type = optionalEnum(choice, 'type', ['auto', 'any', 'tool', 'none'] as const, 'tool_choice.type');
  let decoded: ToolChoice;
  switch (type) {
    case undefined:
      throw missing('tool_choice.type');
    case 'auto':
    case 'none':
      decoded = { type };
      break;
    case 'any':
      decoded = { type: 'required' };
      break;
    case 'tool': {
      const name = optionalString(choice, 'name', 'tool_choice.name');
      if (!name) throw missing('tool_choice.name');
      decoded = { type: 'tool', name };
      break;
    }
  }
  request.toolChoice = decoded;
  const disableParallel = optionalBoolean(choice, 'disable_parallel_tool_use', 'tool_choice.disable_parallel_tool_use');
  if (disableParallel !== undefined) request.parallelToolCalls = !disableParallel;
}
