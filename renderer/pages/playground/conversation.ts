// The playground's conversation: what was said, and what goes to the relay next.
import type { ChatMessage, ToolCallView } from '../../api/playground.js';
import type { AnswerState } from './Answer.js';

export type Turn =
  | { role: 'user'; content: string }
  | { role: 'assistant'; answer: AnswerState }
  | { role: 'tool'; callId: string; name: string; content: string };

/** The chat-completions messages for the conversation so far, the system prompt first. */
export function toMessages(system: string, turns: Turn[]): ChatMessage[] {
  const messages: ChatMessage[] = system.trim() ? [{ role: 'system', content: system }] : [];
  for (const turn of turns) {
    if (turn.role === 'user') messages.push({ role: 'user', content: turn.content });
    else if (turn.role === 'tool') messages.push({ role: 'tool', tool_call_id: turn.callId, content: turn.content });
    else messages.push({ role: 'assistant', content: turn.answer.content, ...(turn.answer.tools.length ? { tool_calls: turn.answer.tools } : {}) });
  }
  return messages;
}

/** The tool calls the last answer made and that still wait for their results (the next turn must give them). */
export function pendingToolCalls(turns: Turn[]): ToolCallView[] {
  const last = turns.at(-1);
  return last?.role === 'assistant' ? last.answer.tools : [];
}
