// The log drawer's "Request and response": a call's kept bodies (GET /api/log/:id/bodies) laid
// out as a conversation where the console knows the shape (conversation.ts), the bodies as sent
// and received, and "Copy as curl" with the key left out (curl.ts).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.js';
import type { ApiData } from '../../api/client.js';
import { CopyButton } from '../../components/CopyButton.js';
import { numberFormat } from '../../i18n/format.js';
import { conversationOf, type Turn } from './conversation.js';
import { curlOf } from './curl.js';

type Kept = NonNullable<ApiData<'/api/log/{id}/bodies', 'get'>>;
type Loaded = { status: 'loading' } | { status: 'failed'; reason: string } | { status: 'none' } | { status: 'kept'; bodies: Kept };

/** The marker the relay appends to a body it cut (relay/pipeline/body-capture.ts). */
const CUT_MARKER = /\n\[… [\d,]+ more bytes not kept/;

export function CallBodies({ recordId }: { recordId: number }) {
  const { t } = useTranslation('bodies');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setLoaded({ status: 'loading' });
    api
      .get('/api/log/{id}/bodies', { params: { id: recordId } })
      .then((bodies) => live && setLoaded(bodies ? { status: 'kept', bodies } : { status: 'none' }))
      .catch((error: unknown) => live && setLoaded({ status: 'failed', reason: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [recordId]);

  return (
    <section aria-labelledby="log-drawer-bodies" data-testid="log-bodies">
      <h3 id="log-drawer-bodies">{t('title')}</h3>
      {loaded.status === 'loading' && <p className="bodies__note">{t('loading')}</p>}
      {loaded.status === 'failed' && <p className="bodies__note">{t('failed', { reason: loaded.reason })}</p>}
      {loaded.status === 'none' && <p className="bodies__note">{t('notKept')}</p>}
      {loaded.status === 'kept' && <KeptBodies bodies={loaded.bodies} />}
    </section>
  );
}

function KeptBodies({ bodies }: { bodies: Kept }) {
  const { t } = useTranslation('bodies');
  const conversation = useMemo(() => conversationOf(bodies.path, bodies.request, bodies.response, bodies.response_type), [bodies]);
  const curl = useMemo(() => curlOf(bodies, window.location.origin), [bodies]);
  const size = (bytes: number) => t('bytes', { size: numberFormat().format(bytes) });
  return (
    <>
      {conversation ? (
        <ol className="conversation" aria-label={t('conversation')} data-testid="log-conversation">
          {conversation.turns.map((turn, index) => (
            <TurnView key={index} turn={turn} />
          ))}
        </ol>
      ) : (
        <p className="bodies__note">{t('noConversation')}</p>
      )}
      <div className="bodies__curl">
        <CopyButton text={curl} label={t('copyCurl')} className="button--small" />
        <span className="bodies__note">{CUT_MARKER.test(bodies.request) ? t('curlCut') : t('curlHint')}</span>
      </div>
      <details className="bodies__raw">
        <summary>{t('rawRequest', { size: size(bodies.request_bytes) })}</summary>
        <pre data-testid="log-request-body">{pretty(bodies.request)}</pre>
      </details>
      <details className="bodies__raw">
        <summary>{t('rawResponse', { size: size(bodies.response_bytes), status: bodies.status })}</summary>
        <pre data-testid="log-response-body">{pretty(bodies.response)}</pre>
      </details>
    </>
  );
}

function TurnView({ turn }: { turn: Turn }) {
  const { t } = useTranslation('bodies');
  return (
    <li className={`turn turn--${turn.role}${turn.answer ? ' turn--answer' : ''}`} data-role={turn.role}>
      <span className="turn__role">
        {t(`role.${turn.role}`)}
        {turn.answer && <span className="turn__tag">{t('answer')}</span>}
        {turn.answers && <span className="turn__ref">{t('toolResultFor', { id: turn.answers })}</span>}
      </span>
      {(turn.text || turn.toolCalls.length === 0) && <p className="turn__text">{turn.text || t('empty')}</p>}
      {turn.toolCalls.map((call, index) => (
        <div key={index} className="turn__call" data-testid="log-tool-call">
          <span className="turn__call-name">{t('toolCall', { name: call.name })}</span>
          {call.id && <span className="turn__ref">{call.id}</span>}
          <pre>{pretty(call.args)}</pre>
        </div>
      ))}
    </li>
  );
}

/** JSON indented for reading; anything else (a stream's events, a cut body) as it is. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
