// The conversation so far: your messages, the answers (with reasoning, tool calls, timings
// and usage) and the tool results you gave.
import { useTranslation } from 'react-i18next';
import { Answer } from './Answer.js';
import type { Turn } from './conversation.js';

/** `onRegenerate`: asks again for the last answer (offered on it, once it is complete). */
export function Conversation({ turns, running, onRegenerate }: { turns: Turn[]; running: boolean; onRegenerate?: () => void }) {
  const { t } = useTranslation('operators');
  if (turns.length === 0) return null;
  return (
    <ol className="pg-conversation" aria-label={t('pg.conversation')}>
      {turns.map((turn, index) => (
        <li key={index}>
          {turn.role === 'assistant' ? (
            <Answer answer={turn.answer} running={running && index === turns.length - 1} onRegenerate={!running && index === turns.length - 1 ? onRegenerate : undefined} />
          ) : (
            <article className={`pg-turn pg-turn--${turn.role}`} aria-label={turn.role === 'user' ? t('pg.you') : t('pg.resultOf', { name: turn.name })}>
              <p className="pg-turn__who">{turn.role === 'user' ? t('pg.you') : t('pg.resultOf', { name: turn.name || t('pg.theToolCall') })}</p>
              <div className={turn.role === 'user' ? 'pg-text' : 'pg-code'}>{turn.content}</div>
            </article>
          )}
        </li>
      ))}
    </ol>
  );
}
