/** The wire protocols, client side and upstream side alike. */
export type WireProtocol = 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'gemini-generate-content';
