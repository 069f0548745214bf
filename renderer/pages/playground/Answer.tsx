// The streamed answer: reasoning, text (Markdown, rendered), tool calls, timings and usage;
// copy, and regenerate for the last answer.
import { useTranslation } from 'react-i18next';
import type { ToolCallView, Usage } from '../../api/playground.js';
import { CopyButton } from '../../components/CopyButton.js';
import { Markdown } from './Markdown.js';

export interface AnswerState {
  content: string;
  reasoning: string;
  tools: ToolCallView[];
  usage: Usage | null;
  firstByteMs: number | null;
  totalMs: number | null;
  finish: string;
}

export const EMPTY_ANSWER: AnswerState = { content: '', reasoning: '', tools: [], usage: null, firstByteMs: null, totalMs: null, finish: '' };

/** Tool arguments indented when they are JSON (they arrive as one string). */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const seconds = (ms: number | null) => (ms === null ? '…' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

export function Answer({ answer, running, onRegenerate }: { answer: AnswerState; running: boolean; onRegenerate?: (() => void) | undefined }) {
  const { t } = useTranslation('operators');
  return (
    <article className="pg-turn pg-turn--assistant" aria-label={t('pg.answer')} aria-busy={running}>
      {answer.reasoning && (
        <details className="pg-reasoning" open>
          <summary>{t('pg.reasoning')}</summary>
          <p data-testid="pg-reasoning">{answer.reasoning}</p>
        </details>
      )}
      <div className="pg-text" data-testid="pg-answer" aria-live="polite">
        {answer.content ? <Markdown text={answer.content} /> : running ? t('pg.waiting') : ''}
      </div>
      {!running && (answer.content || onRegenerate) && (
        <div className="pg-answer-actions">
          {answer.content && <CopyButton text={answer.content} label={t('common:actions.copy')} className="button--small" />}
          {onRegenerate && (
            <button type="button" className="button button--secondary button--small" onClick={onRegenerate}>
              {t('pg.regenerate')}
            </button>
          )}
        </div>
      )}
      {answer.tools.length > 0 && (
        <div className="pg-tools" data-testid="pg-tool-calls">
          <h3>{t('pg.toolCalls')}</h3>
          <ul>
            {answer.tools.map((tool) => (
              <li key={tool.index}>
                <code>{tool.name || t('pg.unnamed')}</code>
                <pre className="pg-code">{prettyJson(tool.arguments)}</pre>
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="pg-meta" data-testid="pg-meta">
        <div>
          <dt>{t('pg.firstByte')}</dt>
          <dd>{seconds(answer.firstByteMs)}</dd>
        </div>
        <div>
          <dt>{t('pg.total')}</dt>
          <dd>{seconds(answer.totalMs)}</dd>
        </div>
        <div>
          <dt>{t('pg.promptTokens')}</dt>
          <dd data-testid="pg-prompt-tokens">{answer.usage ? answer.usage.prompt_tokens : '–'}</dd>
        </div>
        <div>
          <dt>{t('pg.completionTokens')}</dt>
          <dd data-testid="pg-completion-tokens">{answer.usage ? answer.usage.completion_tokens : '–'}</dd>
        </div>
        {answer.usage?.reasoning_tokens ? (
          <div>
            <dt>{t('pg.reasoningTokens')}</dt>
            <dd>{answer.usage.reasoning_tokens}</dd>
          </div>
        ) : null}
        {answer.finish && (
          <div>
            <dt>{t('pg.finish')}</dt>
            <dd>{answer.finish}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
