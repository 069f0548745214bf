// The routes of an advanced custom channel (type 58): per incoming path, the upstream path,
// the models it serves, where the key goes and the upstream's protocol. Produces the
// `advanced_custom` object the API checks (relay/providers/advanced-custom/config.ts).
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.js';
import { Field } from './Field.js';
import { SelectField } from './FormFields.js';

export interface RouteDraft {
  path: string;
  upstreamPath: string;
  /** Comma list of names or /regex/; empty = every model. */
  models: string;
  auth: 'bearer' | 'header' | 'query' | 'none';
  authName: string;
  converter: string;
}

const PATHS = ['/v1/chat/completions', '/v1/messages', '/v1/responses', '/v1beta/models/{model}:generateContent', '/v1/models'];

/** Examples in the fields, the same in every language. */
const EXAMPLE = { models: 'gpt-4o, /^gpt-4\./i', headerName: 'X-Api-Key', queryName: 'key' };

/** Each named `channels:routes.converter.<value>`. */
const CONVERTERS = ['none', 'openai-chat', 'anthropic-messages', 'openai-responses', 'gemini-generate-content'];
/** Each named `channels:routes.auth.<value>`. */
const AUTH = ['bearer', 'header', 'query', 'none'];

export function newRoute(): RouteDraft {
  return { path: '/v1/chat/completions', upstreamPath: '/v1/chat/completions', models: '', auth: 'bearer', authName: '', converter: 'none' };
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** Saved configuration (JSON text) → drafts; a single default route when there is none. */
export function routesFromJson(json: unknown): RouteDraft[] {
  if (typeof json !== 'string' || json.trim() === '') return [newRoute()];
  try {
    const routes = record(JSON.parse(json))?.routes;
    if (!Array.isArray(routes) || routes.length === 0) return [newRoute()];
    return routes.map((raw): RouteDraft => {
      const route = record(raw) ?? {};
      const auth = route.auth;
      const authRecord = record(auth);
      let placement: RouteDraft['auth'] = 'bearer';
      let authName = '';
      if (auth === 'none') placement = 'none';
      else if (authRecord !== null) {
        const type = typeof authRecord.type === 'string' ? authRecord.type : 'header' in authRecord ? 'header' : 'query' in authRecord ? 'query' : 'bearer';
        placement = type === 'header' || type === 'query' || type === 'none' ? type : 'bearer';
        const name = authRecord.name ?? authRecord[placement];
        authName = typeof name === 'string' ? name : '';
      }
      return {
        path: typeof route.path === 'string' ? route.path : '',
        upstreamPath: typeof route.upstream_path === 'string' ? route.upstream_path : '',
        models: Array.isArray(route.models) ? route.models.filter((m): m is string => typeof m === 'string').join(', ') : '',
        auth: placement,
        authName,
        converter: typeof route.converter === 'string' ? route.converter : 'none',
      };
    });
  } catch {
    return [newRoute()];
  }
}

/** Model patterns from a comma list; a /regex/ may itself hold commas, so those are kept whole. */
function modelList(text: string): string[] {
  const out: string[] = [];
  const pattern = /\s*(\/(?:\\.|[^/\\])+\/[a-z]*|[^,]+)\s*(?:,|$)/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null && match[0] !== '') {
    const item = match[1]!.trim();
    if (item !== '') out.push(item);
  }
  return out;
}

/** Drafts → the `advanced_custom` object sent to the API (which checks it). */
export function advancedCustomOf(routes: RouteDraft[]): { routes: Record<string, unknown>[] } {
  return {
    routes: routes.map((route) => ({
      path: route.path.trim(),
      upstream_path: route.upstreamPath.trim(),
      models: modelList(route.models),
      auth: route.auth === 'bearer' || route.auth === 'none' ? route.auth : { type: route.auth, name: route.authName.trim() },
      converter: route.path.trim() === '/v1/models' ? 'none' : route.converter,
    })),
  };
}

/** Problems the form can see before sending; the API checks the rest. */
export function routesError(routes: RouteDraft[]): string | null {
  if (routes.length === 0) return i18n.t('channels:routes.addOne');
  for (const [index, route] of routes.entries()) {
    if (route.upstreamPath.trim() === '') return i18n.t('channels:routes.needPath', { n: index + 1 });
    if ((route.auth === 'header' || route.auth === 'query') && route.authName.trim() === '') return i18n.t(route.auth === 'header' ? 'channels:routes.needHeader' : 'channels:routes.needQuery', { n: index + 1 });
  }
  if (routes.every((route) => route.path === '/v1/models')) return i18n.t('channels:routes.needCall');
  return null;
}

export function AdvancedCustomEditor({ routes, onChange, error }: { routes: RouteDraft[]; onChange: (routes: RouteDraft[]) => void; error?: string | null }) {
  const id = useId();
  const { t } = useTranslation('channels');

  function update(index: number, patch: Partial<RouteDraft>) {
    onChange(routes.map((route, i) => (i === index ? { ...route, ...patch } : route)));
  }

  return (
    <fieldset className="routes" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t('routes.title')}</legend>
      <p className="field__hint">
        <Trans t={t} i18nKey="routes.hint" components={{ code: <code /> }} />
      </p>
      {routes.map((route, index) => (
        <fieldset key={index} className="routes__route" aria-label={t('routes.route', { n: index + 1 })}>
          <legend>{t('routes.route', { n: index + 1 })}</legend>
          <div className="form-row">
            <SelectField
              label={t('routes.incoming')}
              value={route.path}
              onChange={(e) => update(index, { path: e.currentTarget.value })}
              options={[...PATHS, ...(PATHS.includes(route.path) ? [] : [route.path])].map((p) => ({ value: p, label: p }))}
            />
            <Field
              label={t('routes.upstream')}
              value={route.upstreamPath}
              spellCheck={false}
              placeholder={t('routes.upstreamPlaceholder')}
              onChange={(e) => update(index, { upstreamPath: e.currentTarget.value })}
            />
          </div>
          <Field
            label={t('routes.models')}
            value={route.models}
            spellCheck={false}
            placeholder={EXAMPLE.models}
            onChange={(e) => update(index, { models: e.currentTarget.value })}
            hint={t('routes.modelsHint')}
          />
          <div className="form-row">
            <SelectField label={t('routes.placement')} value={route.auth} onChange={(e) => update(index, { auth: e.currentTarget.value as RouteDraft['auth'] })} options={AUTH.map((value) => ({ value, label: t(`routes.auth.${value}`) }))} />
            {route.auth === 'header' || route.auth === 'query' ? (
              <Field
                label={route.auth === 'header' ? t('routes.headerName') : t('routes.queryName')}
                value={route.authName}
                spellCheck={false}
                placeholder={route.auth === 'header' ? EXAMPLE.headerName : EXAMPLE.queryName}
                onChange={(e) => update(index, { authName: e.currentTarget.value })}
              />
            ) : (
              <div />
            )}
          </div>
          <div className="routes__footer">
            <SelectField
              label={t('routes.converterLabel')}
              value={route.path === '/v1/models' ? 'none' : route.converter}
              disabled={route.path === '/v1/models'}
              onChange={(e) => update(index, { converter: e.currentTarget.value })}
              options={CONVERTERS.map((value) => ({ value, label: t(`routes.converter.${value}`) }))}
              hint={t('routes.converterHint')}
            />
            <button type="button" className="button button--ghost-danger button--small" disabled={routes.length <= 1} onClick={() => onChange(routes.filter((_, i) => i !== index))} aria-label={t('routes.removeOne', { n: index + 1 })}>
              {t('routes.remove')}
            </button>
          </div>
        </fieldset>
      ))}
      <button type="button" className="button button--secondary button--small" onClick={() => onChange([...routes, newRoute()])}>
        {t('routes.add')}
      </button>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
