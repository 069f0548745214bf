import { fromChatUsage } from '../../wire/openai-chat/convert-usage.js';
import { isObject } from '../validate.js';
import type { ClientCodec } from '../types.js';
import { decodeChatRequest } from './decode-request.js';
import { encodeOpenAIError } from './encode-error.js';
import { openAIModelList } from './encode-model-list.js';
import { encodeChatResponse } from './encode-response.js';
import { ChatStreamEncoder } from './encode-stream.js';
import { ChatPassthroughTap } from './passthrough.js';

export const openaiChatCodec: ClientCodec = {
  protocol: 'openai-chat',
  modelList: openAIModelList,
  decodeRequest: (body) => ({ request: decodeChatRequest(body), context: undefined }),
  encodeResponse: (result, request) => encodeChatResponse(result, request.model),
  createStreamEncoder: (request) => new ChatStreamEncoder(request.model, request.streamUsage === true),
  encodeError: encodeOpenAIError,
  passthrough: {
    usageMember: 'usage',
    usageOf: fromChatUsage,
    createStreamTap: (request) => new ChatPassthroughTap(request.streamUsage === true),
    limitOutput: (body, tokens) => {
      if (!isObject(body)) return;
      // The field the client used (max_tokens is the older one), else the current one.
      if (body.max_tokens !== undefined) body.max_tokens = tokens;
      if (body.max_completion_tokens !== undefined || body.max_tokens === undefined) body.max_completion_tokens = tokens;
    },
  },
};
