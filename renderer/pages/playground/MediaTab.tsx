// The playground's media tabs: an image from a prompt (/v1/images/generations) and speech from
// a text (/v1/audio/speech), offered only the models of their family. As the chat: called as
// the signed-in user (/pg/…), or with the pasted API key as a client would (/v1/…).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.js';
import type { UsableModel } from '../../api/playground.js';
import { Alert } from '../../components/Alert.js';
import { CodeView } from './CodeView.js';
import { modelsOf, rememberModel, rememberedModel } from './models.js';

type Models = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; models: UsableModel[] };
type Result = { kind: 'images'; images: { src: string; link: boolean; revised: string }[] } | { kind: 'speech'; url: string };

const SIZES = ['1024x1024', '1536x1024', '1024x1536', '1792x1024', '1024x1792', '512x512', '256x256'];
const VOICES = ['alloy', 'ash', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer'];

async function post(path: string, apiKey: string, body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
  const key = apiKey.trim();
  const response = await fetch(key ? `/v1${path}` : `/pg${path}`, {
    method: 'POST',
    credentials: key ? 'omit' : 'same-origin',
    headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    let message = i18n.t('operators:media.httpError', { status: response.status });
    try {
      const parsed = (await response.json()) as { error?: { message?: string }; message?: string };
      message = parsed.error?.message || parsed.message || message;
    } catch {
      // not JSON
    }
    throw new Error(message);
  }
  return response;
}

export function MediaTab({ kind, models, apiKey }: { kind: 'images' | 'speech'; models: Models; apiKey: string }) {
  const { t } = useTranslation('operators');
  const offered = models.status === 'ready' ? modelsOf(models.models, kind) : [];
  const [model, setModel] = useState('');
  const [text, setText] = useState('');
  const [size, setSize] = useState(SIZES[0]!);
  const [voice, setVoice] = useState(VOICES[0]!);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const remembered = rememberedModel(kind);
    setModel((current) => (offered.some((m) => m.name === current) ? current : offered.some((m) => m.name === remembered) ? remembered : offered[0]?.name ?? ''));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, models.status]);
  useEffect(() => () => abortRef.current?.abort(), []);
  // An audio answer is a blob URL: let it go when it is replaced or the tab closes.
  useEffect(() => () => (result?.kind === 'speech' ? URL.revokeObjectURL(result.url) : undefined), [result]);

  const body = (): Record<string, unknown> =>
    kind === 'images' ? { model: model || 'MODEL', prompt: text, size, n: 1, response_format: 'b64_json' } : { model: model || 'MODEL', input: text, voice, response_format: 'mp3' };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!model) return setError(t('media.pickModel'));
    if (!text.trim()) return setError(kind === 'images' ? t('media.describeImage') : t('media.writeText'));
    rememberModel(kind, model);
    const controller = new AbortController();
    abortRef.current = controller;
    setRunning(true);
    setError('');
    try {
      const response = await post(kind === 'images' ? '/images/generations' : '/audio/speech', apiKey, body(), controller.signal);
      if (kind === 'images') {
        const answer = (await response.json()) as { data?: { b64_json?: string; url?: string; revised_prompt?: string }[] };
        const images = (answer.data ?? []).map((item) =>
          item.b64_json ? { src: `data:image/png;base64,${item.b64_json}`, link: false, revised: item.revised_prompt ?? '' } : { src: item.url ?? '', link: true, revised: item.revised_prompt ?? '' },
        );
        setResult({ kind: 'images', images });
      } else {
        setResult({ kind: 'speech', url: URL.createObjectURL(await response.blob()) });
      }
    } catch (e) {
      setError(e instanceof DOMException && e.name === 'AbortError' ? t('media.stopped') : e instanceof Error ? e.message : String(e));
    } finally {
      setRunning(false);
      abortRef.current = null;
    }
  };

  const id = (name: string) => `pg-${kind}-${name}`;
  return (
    <form className="pg-main pg-media" onSubmit={submit} noValidate role="tabpanel" aria-labelledby={`pg-tab-${kind}`}>
      <div className="pg-setup">
        <div className="field">
          <label htmlFor={id('model')}>{t('media.model')}</label>
          <select id={id('model')} value={model} onChange={(e) => setModel(e.target.value)} disabled={offered.length === 0}>
            {offered.map((m) => (
              <option key={m.name} value={m.name}>
                {m.name}
              </option>
            ))}
          </select>
          <span className="field__hint">
            {models.status === 'loading' && t('media.loadingModels')}
            {models.status === 'error' && t('media.modelsFailed', { message: models.message })}
            {models.status === 'ready' && offered.length === 0 && (kind === 'images' ? t('media.noImageModel') : t('media.noSpeechModel'))}
          </span>
        </div>
        {kind === 'images' ? (
          <div className="field">
            <label htmlFor={id('size')}>{t('media.size')}</label>
            <select id={id('size')} value={size} onChange={(e) => setSize(e.target.value)}>
              {SIZES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </div>
        ) : (
          <div className="field">
            <label htmlFor={id('voice')}>{t('media.voice')}</label>
            <select id={id('voice')} value={voice} onChange={(e) => setVoice(e.target.value)}>
              {VOICES.map((v) => (
                <option key={v}>{v}</option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="field">
        <label htmlFor={id('text')}>{kind === 'images' ? t('media.prompt') : t('media.textToSpeak')}</label>
        <textarea id={id('text')} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {error && <Alert tone={error === t('media.stopped') ? 'info' : 'error'}>{error}</Alert>}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={running}>
          {running ? t('media.working') : kind === 'images' ? t('media.generateImage') : t('media.generateSpeech')}
        </button>
        {running && (
          <button type="button" className="button button--secondary" onClick={() => abortRef.current?.abort()}>
            {t('media.stop')}
          </button>
        )}
      </div>
      {result?.kind === 'images' && (
        <div className="pg-images" data-testid="pg-images">
          {result.images.map((image, index) =>
            image.link ? (
              <a key={index} href={image.src} target="_blank" rel="noopener noreferrer">
                {t('media.openImage', { number: index + 1 })}
              </a>
            ) : (
              <figure key={index}>
                <img src={image.src} alt={image.revised || text} />
                {image.revised && <figcaption className="muted">{image.revised}</figcaption>}
              </figure>
            ),
          )}
        </div>
      )}
      {result?.kind === 'speech' && (
        <div className="pg-speech">
          <audio controls src={result.url} data-testid="pg-audio" />
          <a href={result.url} download="speech.mp3">
            {t('media.download')}
          </a>
        </div>
      )}
      <CodeView kind={kind} body={body} />
    </form>
  );
}
