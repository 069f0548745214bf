import { encodeOpenAIError } from '../openai-chat/encode-error.js';

/** The responses front door answers errors in the relay's error object, as chat completions does. */
export const encodeResponsesError = encodeOpenAIError;
