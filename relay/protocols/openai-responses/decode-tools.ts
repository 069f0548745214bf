import type { ToolChoice, ToolDefinition } from '../../ir/chat-request.js';
import { invalid, isObject, optionalBoolean, optionalEnum, optionalString, requireObject } from '../validate.js';
import type { Json } from '../validate.js';
import { CUSTOM_TOOL_INPUT } from './tool-names.js';
import { note } from './decode-messages.js';
import type { DecodeState } from './decode-messages.js';

export function decodeTools(tools: unknown, state: DecodeState): ToolDefinition[] | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) throw invalid('tools', "Invalid type for 'tools': expected an array.", 'invalid_type');
  const objects = tools.map((tool, i) => requireObject(tool, `tools[${i}]`));
  // Plain names first, so that a flattened namespaced name cannot take one of them.
  objects.forEach((tool, i) => {
    if (tool.type === 'function' || tool.type === 'custom') state.toolNames.addPlain(requiredName(tool, `tools[${i}]`), tool.type === 'custom');
  });
  const definitions: ToolDefinition[] = [];
  objects.forEach((tool, i) => {
    const path = `tools[${i}]`;
    const type = tool.type;
    if (typeof type !== 'string') throw invalid(`${path}.type`, `Missing required parameter: '${path}.type'.`, 'missing_required_parameter');
    switch (type) {
      case 'function':
      case 'custom':
        definitions.push(decodeTool(tool, path, requiredName(tool, path)));
        break;
      case 'namespace': {
        const namespace = requiredName(tool, path);
        optionalString(tool, 'description', `${path}.description`);
        if (!Array.isArray(tool.tools)) throw invalid(`${path}.tools`, `Invalid type for '${path}.tools': expected an array.`, 'invalid_type');
        tool.tools.forEach((raw, j) => {
          const innerPath = `${path}.tools[${j}]`;
          const inner = requireObject(raw, innerPath);
          if (inner.type !== 'function' && inner.type !== 'custom') {
            throw invalid(`${innerPath}.type`, `Invalid value for '${innerPath}.type': a namespace holds 'function' and 'custom' tools.`);
          }
          const flat = state.toolNames.flatten(namespace, requiredName(inner, innerPath), inner.type === 'custom');
          definitions.push(decodeTool(inner, innerPath, flat));
        });
        break;
      }
      default:
        note(state, `hosted tool '${type}' is served only by responses-format upstreams; dropped`);
    }
  });
  return definitions.length > 0 ? definitions : undefined;
}

function requiredName(tool: Json, path: string): string {
  const name = optionalString(tool, 'name', `${path}.name`);
  if (!name) throw invalid(`${path}.name`, `Missing required parameter: '${path}.name'.`, 'missing_required_parameter');
  return name;
}

function decodeTool(tool: Json, path: string, name: string): ToolDefinition {
  const description = optionalString(tool, 'description', `${path}.description`);
  if (tool.type === 'custom') {
    const format = tool.format === undefined || tool.format === null ? undefined : requireObject(tool.format, `${path}.format`);
    let inputDescription = 'The raw input for this tool, as plain text (not JSON).';
    if (format?.type === 'grammar') {
      const syntax = optionalString(format, 'syntax', `${path}.format.syntax`) ?? 'lark';
      const definition = optionalString(format, 'definition', `${path}.format.definition`) ?? '';
      inputDescription = `The raw input for this tool. It must follow this ${syntax} grammar:\n${definition}`;
    }
    const definition: ToolDefinition = {
      name,
      parameters: {
        type: 'object',
        properties: { [CUSTOM_TOOL_INPUT]: { type: 'string', description: inputDescription } },
        required: [CUSTOM_TOOL_INPUT],
        additionalProperties: false,
      },
    };
    if (description !== undefined) definition.description = description;
    return definition;
  }
  const parameters = tool.parameters;
  if (parameters !== undefined && parameters !== null && !isObject(parameters)) {
    throw invalid(`${path}.parameters`, `Invalid type for '${path}.parameters': expected an object (a JSON Schema).`, 'invalid_type');
  }
  const definition: ToolDefinition = { name, parameters: isObject(parameters) ? parameters : { type: 'object', properties: {} } };
  if (description !== undefined) definition.description = description;
  const strict = optionalBoolean(tool, 'strict', `${path}.strict`);
  if (strict !== undefined) definition.strict = strict;
  return definition;
}

/** The client's tools as a Response repeats them (the fields the OpenAPI `Tool` schemas require). */
export function echoTools(tools: unknown): unknown[] {
  if (!Array.isArray(tools)) return [];
  const echoOne = (tool: Json): Json => {
    if (tool.type === 'function') {
      return { ...tool, description: tool.description ?? null, parameters: tool.parameters ?? null, strict: tool.strict ?? true };
    }
    if (tool.type === 'namespace') {
      return { ...tool, description: tool.description ?? '', tools: Array.isArray(tool.tools) ? tool.tools.filter(isObject).map(echoOne) : [] };
    }
    return tool;
  };
  return tools.filter(isObject).map(echoOne);
}

export function decodeToolChoice(choice: unknown, state: DecodeState): ToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'none' || choice === 'auto' || choice === 'required') return { type: choice };
  if (isObject(choice)) {
    switch (choice.type) {
      case 'function':
      case 'custom': {
        const name = optionalString(choice, 'name', 'tool_choice.name');
        if (!name) throw invalid('tool_choice.name', "Missing required parameter: 'tool_choice.name'.", 'missing_required_parameter');
        const namespace = optionalString(choice, 'namespace', 'tool_choice.namespace');
        const flat = namespace ? state.toolNames.flatten(namespace, name) : (state.toolNames.findByBareName(name) ?? name);
        return { type: 'tool', name: flat };
      }
      case 'allowed_tools': {
        const mode = optionalEnum(choice, 'mode', ['auto', 'required'] as const, 'tool_choice.mode') ?? 'auto';
        note(state, `tool_choice 'allowed_tools' is sent to other upstreams as '${mode}' over all tools`);
        return { type: mode };
      }
      default:
        if (typeof choice.type === 'string') {
          note(state, `tool_choice of hosted tool '${choice.type}' is served only by responses-format upstreams; dropped`);
          return undefined;
        }
    }
  }
  throw invalid('tool_choice', `Invalid value for 'tool_choice': expected 'none', 'auto', 'required' or {"type": "function", "name": …}.`);
}
