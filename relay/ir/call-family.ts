/**
 * What a call does, whichever wire it came on: the words routing, billing, logs and the
 * channel records share. `chat` covers every conversational protocol (chat completions,
 * Responses, Messages, generateContent).
 */
export const CALL_FAMILIES = ['chat', 'embeddings', 'completions', 'rerank', 'moderation', 'images', 'audio', 'video'] as const;

export type CallFamily = (typeof CALL_FAMILIES)[number];

export function isCallFamily(value: unknown): value is CallFamily {
  return (CALL_FAMILIES as readonly unknown[]).includes(value);
}
