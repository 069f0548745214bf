import type { ChatRequest } from '../../ir/chat-request.js';
import type { ChatResult } from '../../ir/chat-result.js';
import { emptyUsage } from '../../ir/usage.js';
import { arrayAt, numberAt, objectAt, stringAt } from '../../wire/json-access.js';
import { fromResponsesUsage } from '../../wire/openai-responses/convert-usage.js';
import { fromResponsesStatus } from '../../wire/openai-responses/map-finish-reason.js';
import { convertResponsesOutput } from './convert-output.js';

/** A whole Response object → IR. Loose: missing fields are defaulted. */
export function parseResponsesResponse(body: unknown, request: ChatRequest): ChatResult {
  const content = convertResponsesOutput(arrayAt(body, 'output'));
  const hasToolCalls = content.some((part) => part.type === 'tool-call');
  return {
    id: stringAt(body, 'id') ?? '',
    model: stringAt(body, 'model') ?? request.model,
    created: Math.floor(numberAt(body, 'created_at') ?? Date.now() / 1000),
    content,
    finish: fromResponsesStatus(stringAt(body, 'status'), stringAt(objectAt(body, 'incomplete_details'), 'reason'), hasToolCalls),
    usage: fromResponsesUsage(objectAt(body, 'usage')) ?? emptyUsage(),
  };
}
