import type { ToolChoice, ToolDefinition } from '../../ir/chat-request.js';
import type { ResponsesFunctionTool, ResponsesToolChoice } from '../../wire/openai-responses/wire-types.js';

/**
 * IR tools → responses function tools. `strict` is always sent: the responses API treats
 * an absent `strict` as true (unlike chat completions), which would reject most schemas
 * written for non-strict function calling.
 */
export function convertResponsesTools(tools: ToolDefinition[]): ResponsesFunctionTool[] {
  return tools.map((tool) => {
    const converted: ResponsesFunctionTool = { type: 'function', name: tool.name, parameters: tool.parameters, strict: tool.strict ?? false };
    if (tool.description !== undefined) converted.description = tool.description;
    return converted;
  });
}

export function convertResponsesToolChoice(choice: ToolChoice): ResponsesToolChoice {
  return choice.type === 'tool' ? { type: 'function', name: choice.name } : choice.type;
}
