import type { ChatRequest, JsonSchema, ToolChoice, ToolDefinition } from '../../ir/chat-request.js';
import { invalid, isObject, optionalString, requireObject, setDefined } from '../validate.js';
import { geminiSchemaToJsonSchema, normalizeJsonSchema } from './convert-schema.js';

const CALLING_MODES = ['AUTO', 'ANY', 'NONE', 'VALIDATED', 'MODE_UNSPECIFIED'] as const;

/** `tools[].functionDeclarations` → IR tools (the schema converted to JSON Schema). */
export function decodeTools(input: unknown, warnings: string[]): ToolDefinition[] {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) throw invalid('tools', "Invalid type for 'tools': expected an array.", 'invalid_type');
  const tools: ToolDefinition[] = [];
  input.forEach((raw, i) => {
    const tool = requireObject(raw, `tools[${i}]`);
    const others = Object.keys(tool).filter((k) => k !== 'functionDeclarations');
    if (others.length) warnings.push(`tools[${i}]: ${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} not supported by the relay and was dropped`);
    const declarations = tool.functionDeclarations;
    if (declarations === undefined || declarations === null) return;
    if (!Array.isArray(declarations)) {
      throw invalid(`tools[${i}].functionDeclarations`, `Invalid type for 'tools[${i}].functionDeclarations': expected an array.`, 'invalid_type');
    }
    declarations.forEach((rawDeclaration, j) => {
      const path = `tools[${i}].functionDeclarations[${j}]`;
      const declaration = requireObject(rawDeclaration, path);
      const name = optionalString(declaration, 'name', `${path}.name`);
      if (!name) throw invalid(`${path}.name`, `Missing required parameter: '${path}.name'.`, 'missing_required_parameter');
      let parameters: JsonSchema = { type: 'object', properties: {} };
      const jsonSchema = declaration.parametersJsonSchema;
      if (jsonSchema !== undefined && jsonSchema !== null) {
        if (!isObject(jsonSchema)) throw invalid(`${path}.parametersJsonSchema`, `Invalid type for '${path}.parametersJsonSchema': expected a schema object.`, 'invalid_type');
        parameters = normalizeJsonSchema(jsonSchema) as JsonSchema;
      } else if (declaration.parameters !== undefined && declaration.parameters !== null) {
        parameters = geminiSchemaToJsonSchema(declaration.parameters, `${path}.parameters`);
      }
      const definition: ToolDefinition = { name, parameters };
      setDefined(definition, 'description', optionalString(declaration, 'description', `${path}.description`));
      tools.push(definition);
    });
  });
  return tools;
}

export function decodeToolConfig(input: unknown, request: ChatRequest, warnings: string[]): void {
  if (input === undefined || input === null) return;
  const config = requireObject(input, 'toolConfig');
  if (config.functionCallingConfig === undefined || config.functionCallingConfig === null) return;
  const path = 'toolConfig.functionCallingConfig';
  const calling = requireObject(config.functionCallingConfig, path);
  const rawMode = optionalString(calling, 'mode', `${path}.mode`);
  const mode = rawMode?.toUpperCase();
  if (mode !== undefined && !(CALLING_MODES as readonly string[]).includes(mode)) {
    throw invalid(`${path}.mode`, `Invalid value for '${path}.mode': expected one of 'AUTO', 'ANY', 'NONE', 'VALIDATED', but got ${JSON.stringify(rawMode)}.`);
  }
  const allowed = calling.allowedFunctionNames;
  if (allowed !== undefined && allowed !== null && (!Array.isArray(allowed) || !allowed.every((n) => typeof n === 'string'))) {
    throw invalid(`${path}.allowedFunctionNames`, `Invalid type for '${path}.allowedFunctionNames': expected an array of strings.`, 'invalid_type');
  }
  const names = (allowed ?? []) as string[];
  let choice: ToolChoice | undefined;
  switch (mode) {
    case 'NONE':
      choice = { type: 'none' };
      break;
    case 'ANY':
      if (names.length === 1) choice = { type: 'tool', name: names[0]! };
      else {
        choice = { type: 'required' };
        if (names.length > 1 && request.tools) {
          // Only these may be called: the others are left out of this call.
          request.tools = request.tools.filter((tool) => names.includes(tool.name));
          warnings.push(`allowedFunctionNames: only ${names.join(', ')} were offered to the model`);
        }
      }
      break;
    case 'AUTO':
    case 'VALIDATED':
      choice = { type: 'auto' };
      break;
    default:
      break;
  }
  setDefined(request, 'toolChoice', choice);
}
