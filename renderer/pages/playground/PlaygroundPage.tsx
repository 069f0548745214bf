// Try a model through the relay, exactly as a client would: `/v1/chat/completions`, streamed.
//
// The relay's chat endpoint takes an API key, and keys cannot be read back after creation.
// So the person pastes one of their keys: it lives only in this component's memory (a
// password field, never stored, gone on reload). Creating a "playground" key behind the
// person's back was rejected: it would leave a live key around with its own quota and
// limits, and its calls would not reflect the limits of the key they mean to test.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { listModels, streamChat } from '../../api/playground.js';
import type { UsableModel } from '../../api/playground.js';
import { Answer, EMPTY_ANSWER } from './Answer.js';
import type { AnswerState } from './Answer.js';
import { ParamsPanel } from './ParamsPanel.js';
import { DEFAULT_PARAMS, toParams } from './params.js';
import type { ParamForm } from './params.js';
import '../dashboard/dashboard.css';
import './playground.css';

type Models = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; models: UsableModel[] };

export default function PlaygroundPage() {
  const [models, setModels] = useState<Models>({ status: 'loading' });
  const [model, setModel] = useState('');
  const [key, setKey] = useState('');
  const [prompt, setPrompt] = useState('');
  const [paramForm, setParamForm] = useState<ParamForm>(DEFAULT_PARAMS);
  const [paramErrors, setParamErrors] = useState<Partial<Record<keyof ParamForm, string>>>({});
  const [formError, setFormError] = useState('');
  const [answer, setAnswer] = useState<AnswerState>(EMPTY_ANSWER);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState('');
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    listModels()
      .then((list) => {
        if (!live) return;
        setModels({ status: 'ready', models: list });
        setModel((current) => current || list[0]?.name || '');
      })
      .catch((e: unknown) => live && setModels({ status: 'error', message: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
      abortRef.current?.abort();
    };
  }, []);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const { params, errors } = toParams(paramForm);
    setParamErrors(errors);
    const missing = !key.trim() ? 'Paste an API key first.' : !model ? 'Pick a model.' : !prompt.trim() ? 'Write a message.' : '';
    setFormError(missing);
    if (missing || Object.keys(errors).length > 0) return;

    const controller = new AbortController();
    abortRef.current = controller;
    setRunning(true);
    setError('');
    setAnswer(EMPTY_ANSWER);
    const started = performance.now();
    const update = (change: (a: AnswerState) => AnswerState) => setAnswer(change);
    try {
      await streamChat(
        key.trim(),
        { model, prompt, ...params },
        {
          onContent: (text) => update((a) => ({ ...a, content: a.content + text })),
          onReasoning: (text) => update((a) => ({ ...a, reasoning: a.reasoning + text })),
          onToolCall: (call) => update((a) => ({ ...a, tools: [...a.tools.filter((t) => t.index !== call.index), call].sort((x, y) => x.index - y.index) })),
          onUsage: (usage) => update((a) => ({ ...a, usage })),
          onFirstByte: (ms) => update((a) => ({ ...a, firstByteMs: ms })),
          onFinish: (reason) => update((a) => ({ ...a, finish: reason })),
        },
        controller.signal,
      );
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') setError('Stopped.');
      else setError(e instanceof Error ? e.message : String(e));
    } finally {
      const total = performance.now() - started;
      update((a) => ({ ...a, totalMs: total }));
      setRunning(false);
      abortRef.current = null;
    }
  };

  return (
    <section className="observe" aria-labelledby="playground-title">
      <div className="observe__head">
        <h1 id="playground-title">Playground</h1>
      </div>
      <form className="pg" onSubmit={send} noValidate>
        <div className="pg-main">
          <div className="field">
            <label htmlFor="pg-key">API key</label>
            {/* Uncontrolled on purpose: React would mirror a controlled value into the DOM's value attribute. */}
            <input id="pg-key" type="password" autoComplete="off" spellCheck={false} onChange={(e) => setKey(e.target.value)} aria-describedby="pg-key-hint" />
            <span id="pg-key-hint" className="field__hint">
              Paste one of your keys (sk-…). It stays in this page's memory only and is forgotten on reload.
            </span>
          </div>
          <div className="field">
            <label htmlFor="pg-model">Model</label>
            {models.status === 'ready' && models.models.length > 0 ? (
              <select id="pg-model" value={model} onChange={(e) => setModel(e.target.value)}>
                {models.models.map((m) => (
                  <option key={m.name} value={m.name}>
                    {m.name}
                  </option>
                ))}
              </select>
            ) : (
              <input id="pg-model" value={model} onChange={(e) => setModel(e.target.value)} placeholder="model name" />
            )}
            <span className="field__hint">
              {models.status === 'loading' && 'Loading the models you may use…'}
              {models.status === 'error' && `Couldn't load the models (${models.message}); type a name.`}
              {models.status === 'ready' && (models.models.length === 0 ? 'No channel serves you a model yet; type a name.' : `${models.models.length} ${models.models.length === 1 ? 'model' : 'models'} available to you.`)}
            </span>
          </div>
          <div className="field">
            <label htmlFor="pg-prompt">Message</label>
            <textarea
              id="pg-prompt"
              rows={5}
              value={prompt}
              onChange={(e) => setPrompt(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit();
              }}
              aria-describedby="pg-prompt-hint"
            />
            <span id="pg-prompt-hint" className="field__hint">
              Ctrl+Enter sends.
            </span>
          </div>
          {formError && (
            <div className="alert alert--error" role="alert">
              {formError}
            </div>
          )}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={running}>
              {running ? 'Streaming…' : 'Send'}
            </button>
            {running && (
              <button type="button" className="button button--secondary" onClick={() => abortRef.current?.abort()}>
                Stop
              </button>
            )}
          </div>
        </div>
        <ParamsPanel value={paramForm} errors={paramErrors} onChange={setParamForm} disabled={running} />
      </form>
      {error && (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      {(running || answer !== EMPTY_ANSWER) && <Answer answer={answer} running={running} />}
    </section>
  );
}
