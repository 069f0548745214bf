import type { ToolChoice, ToolDefinition } from '../../ir/chat-request.js';
import type { GeminiTool, GeminiToolConfig } from '../../wire/gemini/wire-types.js';
import { addWarning } from './add-warning.js';

/**
 * Tools → one `functionDeclarations` list with `parametersJsonSchema` (Gemini CLI's form:
 * plain JSON Schema, taken as it is, unlike `parameters`, which wants Gemini's OpenAPI
 * subset). The tool choice → `toolConfig.functionCallingConfig`.
 */
export function convertToGeminiTools(
  tools: ToolDefinition[] | undefined,
  toolChoice: ToolChoice | undefined,
  warnings: string[],
): { tools?: GeminiTool[]; toolConfig?: GeminiToolConfig } {
  if (!tools?.length) {
    if (toolChoice && toolChoice.type !== 'none') addWarning(warnings, `tool choice "${toolChoice.type}" was ignored: the request has no tools`);
    return {};
  }
  if (tools.some((tool) => tool.strict)) addWarning(warnings, 'strict tool schemas are not supported by Gemini; the schemas were sent without strict mode');
  if (tools.some((tool) => tool.cacheControl)) addWarning(warnings, 'cache_control markers are not supported by Gemini (it caches implicitly) and were ignored');
  const functionDeclarations = tools.map((tool) => ({
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    parametersJsonSchema: tool.parameters,
  }));
  const result: { tools: GeminiTool[]; toolConfig?: GeminiToolConfig } = { tools: [{ functionDeclarations }] };
  if (toolChoice) result.toolConfig = { functionCallingConfig: functionCallingConfig(toolChoice) };
  return result;
}

function functionCallingConfig(choice: ToolChoice): GeminiToolConfig['functionCallingConfig'] {
  switch (choice.type) {
    case 'auto':
      return { mode: 'AUTO' };
    case 'none':
      return { mode: 'NONE' };
    case 'required':
      return { mode: 'ANY' };
    case 'tool':
      return { mode: 'ANY', allowedFunctionNames: [choice.name] };
  }
}
