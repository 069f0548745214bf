// The routes of an advanced custom channel (type 58): per incoming path, the upstream path,
// the models it serves, where the key goes and the upstream's protocol. Produces the
// `advanced_custom` object the API checks (relay/providers/advanced-custom/config.ts).
import { useId } from 'react';
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

const CONVERTERS = [
  { value: 'none', label: 'None (the upstream speaks the incoming protocol)' },
  { value: 'openai-chat', label: 'OpenAI chat completions' },
  { value: 'anthropic-messages', label: 'Anthropic messages' },
  { value: 'openai-responses', label: 'OpenAI responses' },
  { value: 'gemini-generate-content', label: 'Gemini generateContent' },
];

const AUTH = [
  { value: 'bearer', label: 'Authorization: Bearer' },
  { value: 'header', label: 'Header (name below)' },
  { value: 'query', label: 'Query parameter (name below)' },
  { value: 'none', label: 'None' },
];

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
  if (routes.length === 0) return 'Add at least one route.';
  for (const [index, route] of routes.entries()) {
    if (route.upstreamPath.trim() === '') return `Route ${index + 1}: give the upstream path (a path starting with / or an http(s) URL).`;
    if ((route.auth === 'header' || route.auth === 'query') && route.authName.trim() === '') return `Route ${index + 1}: give the ${route.auth} name for the key.`;
  }
  if (routes.every((route) => route.path === '/v1/models')) return 'Add a model-call route (not only /v1/models).';
  return null;
}

export function AdvancedCustomEditor({ routes, onChange, error }: { routes: RouteDraft[]; onChange: (routes: RouteDraft[]) => void; error?: string | null }) {
  const id = useId();

  function update(index: number, patch: Partial<RouteDraft>) {
    onChange(routes.map((route, i) => (i === index ? { ...route, ...patch } : route)));
  }

  return (
    <fieldset className="routes" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Routes</legend>
      <p className="field__hint">
        Each route sends calls on one incoming path to an upstream path (relative to the base URL, or a full URL; <code>{'{model}'}</code> becomes the model). A{' '}
        <code>/v1/models</code> route lets Fetch models list the upstream's models.
      </p>
      {routes.map((route, index) => (
        <fieldset key={index} className="routes__route" aria-label={`Route ${index + 1}`}>
          <legend>Route {index + 1}</legend>
          <div className="form-row">
            <SelectField
              label="Incoming path"
              value={route.path}
              onChange={(e) => update(index, { path: e.currentTarget.value })}
              options={[...PATHS, ...(PATHS.includes(route.path) ? [] : [route.path])].map((p) => ({ value: p, label: p }))}
            />
            <Field
              label="Upstream path"
              value={route.upstreamPath}
              spellCheck={false}
              placeholder="/v1/chat/completions or https://…/{model}/chat"
              onChange={(e) => update(index, { upstreamPath: e.currentTarget.value })}
            />
          </div>
          <Field
            label="Route models"
            value={route.models}
            spellCheck={false}
            placeholder="gpt-4o, /^gpt-4\./i"
            onChange={(e) => update(index, { models: e.currentTarget.value })}
            hint="Comma-separated names or /regex/; empty = every model of the channel."
          />
          <div className="form-row">
            <SelectField label="Key placement" value={route.auth} onChange={(e) => update(index, { auth: e.currentTarget.value as RouteDraft['auth'] })} options={AUTH} />
            {route.auth === 'header' || route.auth === 'query' ? (
              <Field
                label={route.auth === 'header' ? 'Header name' : 'Query name'}
                value={route.authName}
                spellCheck={false}
                placeholder={route.auth === 'header' ? 'X-Api-Key' : 'key'}
                onChange={(e) => update(index, { authName: e.currentTarget.value })}
              />
            ) : (
              <div />
            )}
          </div>
          <div className="routes__footer">
            <SelectField
              label="Converter"
              value={route.path === '/v1/models' ? 'none' : route.converter}
              disabled={route.path === '/v1/models'}
              onChange={(e) => update(index, { converter: e.currentTarget.value })}
              options={CONVERTERS}
              hint="The upstream's protocol, when it differs from the incoming path's."
            />
            <button type="button" className="button button--ghost-danger button--small" disabled={routes.length <= 1} onClick={() => onChange(routes.filter((_, i) => i !== index))} aria-label={`Remove route ${index + 1}`}>
              Remove route
            </button>
          </div>
        </fieldset>
      ))}
      <button type="button" className="button button--secondary button--small" onClick={() => onChange([...routes, newRoute()])}>
        Add route
      </button>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
