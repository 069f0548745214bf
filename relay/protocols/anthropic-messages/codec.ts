import { RelayError } from '../../http/errors.js';
import { openAIErrorBody } from '../../http/errors.js';
import type { ClientCodec } from '../types.js';

// Placeholder until this front door is built: every call answers 501 in the shared error shape.
const notYet = (): never => {
  throw new RelayError(501, 'not_implemented', 'This protocol is not served yet.', 'api_not_implemented');
};

export const anthropicMessagesCodec: ClientCodec = {
  protocol: 'anthropic-messages',
  decodeRequest: notYet,
  encodeResponse: notYet,
  createStreamEncoder: notYet,
  encodeError: openAIErrorBody,
};
