import type { ChatRequest } from '../../ir/chat-request.js';
import type { AnthropicTool, AnthropicToolChoice } from '../../wire/anthropic-messages/wire-types.js';

export interface AnthropicToolFields {
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  warnings: string[];
}

/**
 * IR tools and tool choice → `tools` (`{name, description, input_schema}`) and
 * `tool_choice` (auto / none / any / tool), with `parallelToolCalls: false` as
 * `disable_parallel_tool_use: true`.
 */
export function convertToAnthropicTools(request: ChatRequest): AnthropicToolFields {
  const warnings: string[] = [];
  if (!request.tools || request.tools.length === 0) {
    const choice = request.toolChoice?.type;
    if (choice === 'required' || choice === 'tool') warnings.push(`tool_choice "${choice}" without tools cannot be honoured; it was not sent.`);
    return { warnings };
  }

  const tools = request.tools.map((tool): AnthropicTool => {
    const parameters = tool.parameters ?? {};
    const out: AnthropicTool = {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      // Anthropic requires an object schema at the top.
      input_schema: typeof parameters.type === 'string' ? parameters : { type: 'object', properties: {}, ...parameters },
    };
    if (tool.strict !== undefined) out.strict = tool.strict;
    if (tool.cacheControl) out.cache_control = { ...tool.cacheControl };
    return out;
  });

  let toolChoice: AnthropicToolChoice | undefined;
  switch (request.toolChoice?.type) {
    case undefined:
      break;
    case 'auto':
      toolChoice = { type: 'auto' };
      break;
    case 'none':
      toolChoice = { type: 'none' };
      break;
    case 'required':
      toolChoice = { type: 'any' };
      break;
    case 'tool':
      toolChoice = { type: 'tool', name: request.toolChoice.name };
      break;
  }
  if (request.parallelToolCalls === false && toolChoice?.type !== 'none') {
    toolChoice = { ...(toolChoice ?? { type: 'auto' }), disable_parallel_tool_use: true };
  }
  return { tools, ...(toolChoice ? { tool_choice: toolChoice } : {}), warnings };
}
