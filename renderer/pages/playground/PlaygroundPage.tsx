// Try any model you may use, as a conversation streamed through the relay (answers rendered
// as Markdown, the composer pinned at the bottom, copy and regenerate, the request viewable as
// code), or make images and speech in their own tabs. It calls as the signed-in user (billed
// and logged to you as "Playground"), or with a pasted API key to see that key's own limits
// at work; the key lives only in this page's memory. The last model of each tab is remembered.
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.js';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { chatBody, listModels, streamChat } from '../../api/playground.js';
import type { CallAs, UsableModel } from '../../api/playground.js';
import { Alert } from '../../components/Alert.js';
import { EMPTY_ANSWER } from './Answer.js';
import type { AnswerState } from './Answer.js';
import { CodeView } from './CodeView.js';
import { Conversation } from './Conversation.js';
import { MediaTab } from './MediaTab.js';
import { modelsOf, rememberModel, rememberedModel, type PlaygroundTab } from './models.js';
import { pendingToolCalls, toMessages } from './conversation.js';
import type { Turn } from './conversation.js';
import { ParamsPanel } from './ParamsPanel.js';
import { DEFAULT_PARAMS, toParams } from './params.js';
import type { ParamErrors, ParamForm } from './params.js';
import '../dashboard/dashboard.css';
import './playground.css';

/** What the page says when the user stopped the answer (an info, not an error). */
const stoppedText = () => i18n.t('operators:pg.stopped');

type Models = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; models: UsableModel[] };

/** The tabs; each named `operators:pg.tabs.<id>`. */
const TABS: PlaygroundTab[] = ['chat', 'images', 'speech'];

export default function PlaygroundPage() {
  const [tab, setTab] = useState<PlaygroundTab>('chat');
  const { t } = useTranslation('operators');
  const [allModels, setModels] = useState<Models>({ status: 'loading' });
  const models: Models = allModels.status === 'ready' ? { status: 'ready', models: modelsOf(allModels.models, 'chat') } : allModels;
  const [model, setModel] = useState('');
  const [key, setKey] = useState('');
  const [system, setSystem] = useState('');
  const [prompt, setPrompt] = useState('');
  const [toolResults, setToolResults] = useState<Record<string, string>>({});
  const [turns, setTurns] = useState<Turn[]>([]);
  const [paramForm, setParamForm] = useState<ParamForm>(DEFAULT_PARAMS);
  const [paramErrors, setParamErrors] = useState<ParamErrors>({});
  const [formError, setFormError] = useState('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState('');
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    listModels()
      .then((list) => {
        if (!live) return;
        setModels({ status: 'ready', models: list });
        const chat = modelsOf(list, 'chat');
        const remembered = rememberedModel('chat');
        setModel((current) => current || (chat.some((m) => m.name === remembered) ? remembered : chat[0]?.name) || '');
      })
      .catch((e: unknown) => live && setModels({ status: 'error', message: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
      abortRef.current?.abort();
    };
  }, []);

  const waitingCalls = running ? [] : pendingToolCalls(turns);

  /** What this send adds before the answer: the user's message, or a result for each pending tool call. */
  const nextTurns = (): Turn[] | string => {
    if (waitingCalls.length > 0) {
      const missing = waitingCalls.find((call) => !(toolResults[call.id] ?? '').trim());
      if (missing) return t('pg.giveResult', { name: missing.name || t('pg.eachToolCall') });
      return waitingCalls.map((call) => ({ role: 'tool', callId: call.id, name: call.name, content: toolResults[call.id]! }));
    }
    if (!prompt.trim()) return t('pg.writeMessage');
    return [{ role: 'user', content: prompt }];
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const { params, errors } = toParams(paramForm);
    setParamErrors(errors);
    const added = model ? nextTurns() : t('pg.pickModel');
    setFormError(typeof added === 'string' ? added : '');
    if (typeof added === 'string' || Object.keys(errors).length > 0) return;

    setPrompt('');
    setToolResults({});
    await run([...turns, ...added], params, () => {
      if (added[0]?.role === 'user') setPrompt(added[0].content);
      else setToolResults(Object.fromEntries(added.flatMap((t) => (t.role === 'tool' ? [[t.callId, t.content]] : []))));
    });
  };

  /** Asks for the answer to `asked`; when nothing came back, the conversation is as it was and `giveBack` restores what was typed. */
  const run = async (asked: Turn[], params: ReturnType<typeof toParams>['params'], giveBack: () => void) => {
    const before = turns;
    rememberModel('chat', model);
    const as: CallAs = key.trim() ? { kind: 'key', key: key.trim() } : { kind: 'session' };
    const controller = new AbortController();
    abortRef.current = controller;
    setRunning(true);
    setError('');
    setTurns([...asked, { role: 'assistant', answer: EMPTY_ANSWER }]);
    const update = (change: (a: AnswerState) => AnswerState) =>
      setTurns((all) => {
        const last = all.at(-1);
        return last?.role === 'assistant' ? [...all.slice(0, -1), { role: 'assistant', answer: change(last.answer) }] : all;
      });
    const started = performance.now();
    let answered = false;
    try {
      await streamChat(
        as,
        chatBody(model, toMessages(system, asked), params),
        {
          onContent: (text) => {
            answered = true;
            update((a) => ({ ...a, content: a.content + text }));
          },
          onReasoning: (text) => update((a) => ({ ...a, reasoning: a.reasoning + text })),
          onToolCall: (call) => {
            answered = true;
            update((a) => ({ ...a, tools: [...a.tools.filter((t) => t.index !== call.index), call].sort((x, y) => x.index - y.index) }));
          },
          onUsage: (usage) => update((a) => ({ ...a, usage })),
          onFirstByte: (ms) => update((a) => ({ ...a, firstByteMs: ms })),
          onFinish: (reason) => update((a) => ({ ...a, finish: reason })),
        },
        controller.signal,
      );
      update((a) => ({ ...a, totalMs: performance.now() - started }));
    } catch (e) {
      const stopped = e instanceof DOMException && e.name === 'AbortError';
      setError(stopped ? stoppedText() : e instanceof Error ? e.message : String(e));
      if (answered) {
        update((a) => ({ ...a, totalMs: performance.now() - started }));
      } else {
        // Nothing came back: undo this turn and give the message back, so nothing typed is lost.
        setTurns(before);
        giveBack();
      }
    } finally {
      setRunning(false);
      abortRef.current = null;
    }
  };

  /** Asks again for the last answer, with the parameters as they are now. */
  const regenerate = () => {
    const { params, errors } = toParams(paramForm);
    setParamErrors(errors);
    if (Object.keys(errors).length > 0 || turns.at(-1)?.role !== 'assistant') return;
    setFormError('');
    void run(turns.slice(0, -1), params, () => {});
  };

  /** The body the next send would post (for "view as code"): the conversation and the message typed so far. */
  const nextBody = () => {
    const typed: Turn[] = prompt.trim() ? [{ role: 'user', content: prompt }] : [];
    return chatBody(model || 'MODEL', toMessages(system, [...turns, ...typed]), toParams(paramForm).params);
  };

  const startOver = () => {
    setTurns([]);
    setToolResults({});
    setError('');
    setFormError('');
  };

  return (
    <section className="observe" aria-labelledby="playground-title">
      <div className="observe__head">
        <h1 id="playground-title">{t('common:nav.playground')}</h1>
        {tab === 'chat' && turns.length > 0 && (
          <button type="button" className="button button--secondary" onClick={startOver} disabled={running}>
            {t('pg.newConversation')}
          </button>
        )}
      </div>
      <div className="segmented pg-tabs" role="tablist" aria-label={t('pg.whatToTry')}>
        {TABS.map((id) => (
          <button key={id} type="button" role="tab" id={`pg-tab-${id}`} aria-selected={tab === id} onClick={() => setTab(id)}>
            {t(`pg.tabs.${id}`)}
          </button>
        ))}
      </div>
      {tab !== 'chat' ? (
        // A tab of its own each: an image or its prompt must not show up in the Speech tab.
        <MediaTab key={tab} kind={tab} models={allModels} apiKey={key} />
      ) : (
        <form className="pg" onSubmit={send} noValidate role="tabpanel" aria-labelledby="pg-tab-chat">
          <div className="pg-main">
            <div className="pg-setup">
              <div className="field">
                <label htmlFor="pg-model">{t('pg.model')}</label>
                {models.status === 'ready' && models.models.length > 0 ? (
                  <select
                    id="pg-model"
                    value={model}
                    onChange={(e) => {
                      setModel(e.target.value);
                      rememberModel('chat', e.target.value);
                    }}
                  >
                    {models.models.map((m) => (
                      <option key={m.name} value={m.name}>
                        {m.name}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input id="pg-model" value={model} onChange={(e) => setModel(e.target.value)} placeholder={t('pg.modelName')} />
                )}
                <span className="field__hint">
                  {models.status === 'loading' && t('pg.loadingModels')}
                  {models.status === 'error' && t('pg.modelsFailed', { message: models.message })}
                  {models.status === 'ready' && (models.models.length === 0 ? t('pg.noModels') : t('pg.modelsAvailable', { count: models.models.length }))}
                </span>
              </div>
              <div className="field">
                <label htmlFor="pg-key">{t('pg.key')}</label>
                {/* Uncontrolled on purpose: React would mirror a controlled value into the DOM's value attribute. */}
                {/* Password managers are told to keep out: this is a key to try, not a login. */}
                {/* The ref puts the key back in the field when the tab is shown again (the property, not the attribute). */}
                <input
                  id="pg-key"
                  ref={(field) => {
                    if (field && field.value !== key) field.value = key;
                  }}
                  type="password"
                  autoComplete="off"
                  data-1p-ignore
                  data-lpignore="true"
                  data-bwignore
                  spellCheck={false}
                  onChange={(e) => setKey(e.target.value)}
                  aria-describedby="pg-key-hint"
                />
                <span id="pg-key-hint" className="field__hint">
                  {t('pg.keyHint')}
                </span>
              </div>
            </div>
            <div className="field">
              <label htmlFor="pg-system">{t('pg.system')}</label>
              <textarea id="pg-system" rows={2} value={system} onChange={(e) => setSystem(e.target.value)} placeholder={t('pg.systemPlaceholder')} />
            </div>
            <Conversation turns={turns} running={running} onRegenerate={regenerate} />
            <div className="pg-composer">
              {waitingCalls.length > 0 ? (
                waitingCalls.map((call) => (
                  <div className="field" key={call.id}>
                    <label htmlFor={`pg-result-${call.id}`}>{t('pg.resultOf', { name: call.name || t('pg.theToolCall') })}</label>
                    <textarea
                      id={`pg-result-${call.id}`}
                      rows={3}
                      className="pg-code"
                      value={toolResults[call.id] ?? ''}
                      onChange={(e) => setToolResults((all) => ({ ...all, [call.id]: e.target.value }))}
                      aria-describedby="pg-result-hint"
                    />
                  </div>
                ))
              ) : (
                <div className="field">
                  <label htmlFor="pg-prompt">{t('pg.message')}</label>
                  <textarea
                    id="pg-prompt"
                    rows={4}
                    value={prompt}
                    onChange={(e) => setPrompt(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit();
                    }}
                    aria-describedby="pg-prompt-hint"
                  />
                  <span id="pg-prompt-hint" className="field__hint">
                    {t('pg.ctrlEnter')}
                  </span>
                </div>
              )}
              {waitingCalls.length > 0 && (
                <span id="pg-result-hint" className="field__hint">
                  {t('pg.askedFor', { count: waitingCalls.length })}
                </span>
              )}
              {formError && <Alert tone="error">{formError}</Alert>}
              <div className="actions">
                <button type="submit" className="button button--primary" disabled={running}>
                  {running ? t('pg.streaming') : waitingCalls.length > 0 ? t('pg.sendResults') : t('pg.send')}
                </button>
                {running && (
                  <button type="button" className="button button--secondary" onClick={() => abortRef.current?.abort()}>
                    {t('pg.stop')}
                  </button>
                )}
              </div>
            </div>
            <CodeView kind="chat" body={nextBody} />
          </div>
          <ParamsPanel value={paramForm} errors={paramErrors} onChange={setParamForm} disabled={running} />
        </form>
      )}
      {error && <Alert tone={error === stoppedText() ? 'info' : 'error'}>{error}</Alert>}
    </section>
  );
}
