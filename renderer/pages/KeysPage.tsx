import { useCallback, useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  createToken,
  deleteToken,
  getSelfGroups,
  listTokens,
  regenerateToken,
  setTokenStatus,
  type NewKey,
  type Paged,
  type TokenView,
  type UsableGroup,
} from '../api/tokens.js';
import { Alert } from '../components/Alert.js';
import { CopyButton } from '../components/CopyButton.js';
import { DataTable, type Column } from '../components/DataTable.js';
import { ConfirmDialog, Dialog } from '../components/Dialog.js';
import { Field } from '../components/Field.js';
import { CheckboxField, SelectField, TextAreaField } from '../components/FormFields.js';
import { Switch } from '../components/Switch.js';

const PAGE_SIZE = 20;

const STATUS_TEXT: Record<number, string> = { 1: 'Enabled', 2: 'Disabled', 3: 'Expired', 4: 'Quota used up' };

function formatExpiry(seconds: number): string {
  if (seconds === -1) return 'Never';
  return new Date(seconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

function formatNumber(value: number): string {
  return value.toLocaleString();
}

/** API keys: the signed-in user's (admins: everyone's), masked. The full key shows once, at creation. */
export default function KeysPage() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<TokenView> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [fresh, setFresh] = useState<{ key: NewKey; model: string; replaced: boolean } | null>(null);
  const [toDelete, setToDelete] = useState<TokenView | null>(null);
  const [toRegenerate, setToRegenerate] = useState<TokenView | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const load = useCallback(async (target: number) => {
    setLoading(true);
    setError(null);
    try {
      setData(await listTokens(target, PAGE_SIZE));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not load the keys.');
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(page);
  }, [load, page]);

  async function toggle(token: TokenView, enabled: boolean) {
    setNotice(null);
    setFailure(null);
    try {
      const updated = await setTokenStatus(token.id, enabled);
      setData((current) => (current === null ? current : { ...current, items: current.items.map((t) => (t.id === updated.id ? updated : t)) }));
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : 'Could not change the key.');
    }
  }

  async function confirmDelete() {
    if (toDelete === null) return;
    setBusy(true);
    setActionError(null);
    try {
      await deleteToken(toDelete.id);
      setNotice(`Deleted the key “${toDelete.name}”.`);
      setToDelete(null);
      await load(page);
    } catch (caught) {
      setActionError(caught instanceof Error ? caught.message : 'Could not delete the key.');
    } finally {
      setBusy(false);
    }
  }

  async function confirmRegenerate() {
    if (toRegenerate === null) return;
    setBusy(true);
    setActionError(null);
    try {
      const key = await regenerateToken(toRegenerate.id);
      setFresh({ key, model: toRegenerate.model_limits[0] ?? 'gpt-4o-mini', replaced: true });
      setToRegenerate(null);
      await load(page);
    } catch (caught) {
      setActionError(caught instanceof Error ? caught.message : 'Could not regenerate the key.');
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<TokenView>[] = [
    { key: 'name', header: 'Name', render: (t) => <strong>{t.name}</strong> },
    { key: 'key', header: 'Key', render: (t) => <code data-testid="key-hint">{t.key_hint}</code> },
    {
      key: 'quota',
      header: 'Quota used / left',
      render: (t) => (
        <span>
          {formatNumber(t.used_quota)} / {t.unlimited_quota ? <span className="badge">Unlimited</span> : formatNumber(t.remain_quota)}
        </span>
      ),
    },
    { key: 'expiry', header: 'Expires', render: (t) => formatExpiry(t.expired_time) },
    { key: 'group', header: 'Group', render: (t) => (t.group === '' ? <span className="muted">Your group</span> : t.group) },
    {
      key: 'status',
      header: 'Status',
      render: (t) => (
        <div className="status-cell">
          <Switch checked={t.status !== 2} label={`Enable key ${t.name}`} onChange={(on) => void toggle(t, on)} />
          <span className={`status status--${t.status === 1 ? 'ok' : t.status === 2 ? 'off' : 'warn'}`}>{STATUS_TEXT[t.status] ?? `Status ${t.status}`}</span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (t) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary button--small" onClick={() => { setActionError(null); setToRegenerate(t); }} aria-label={`Regenerate key ${t.name}`}>
            Regenerate
          </button>
          <button type="button" className="button button--ghost-danger button--small" onClick={() => { setActionError(null); setToDelete(t); }} aria-label={`Delete key ${t.name}`}>
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1>API keys</h1>
          <p className="lead">Keys let clients call this relay. Each key is shown once, when it is made.</p>
        </div>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          Create key
        </button>
      </div>

      {notice !== null && <Alert tone="success">{notice}</Alert>}
      {failure !== null && <Alert tone="error">{failure}</Alert>}

      <DataTable
        caption="API keys"
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(t) => t.id}
        loading={loading}
        error={error}
        onRetry={() => void load(page)}
        empty={<>No keys yet. Create one to connect a client.</>}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />

      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key, model) => {
            setCreating(false);
            setFresh({ key, model, replaced: false });
            setNotice(null);
            if (page === 1) void load(1);
            else setPage(1);
          }}
        />
      )}

      {fresh !== null && <NewKeyDialog created={fresh.key} model={fresh.model} replaced={fresh.replaced} onClose={() => setFresh(null)} />}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this key?"
        confirmLabel="Delete key"
        busy={busy}
        error={actionError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          Clients using <strong>{toDelete?.name}</strong> ({toDelete?.key_hint}) stop working at once. This cannot be undone.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={toRegenerate !== null}
        title="Regenerate this key?"
        confirmLabel="Regenerate"
        busy={busy}
        error={actionError}
        onConfirm={() => void confirmRegenerate()}
        onCancel={() => setToRegenerate(null)}
      >
        <p>
          A new key replaces <strong>{toRegenerate?.name}</strong> ({toRegenerate?.key_hint}); the old one stops working at once.
        </p>
      </ConfirmDialog>
    </div>
  );
}

interface FormValues {
  name: string;
  quota: string;
  unlimited: boolean;
  expiry: string;
  models: string;
  ips: string;
  group: string;
  allowBalance: boolean;
}

type FormErrors = Partial<Record<keyof FormValues, string>>;

function validate(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Give the key a name.';
  else if (name.length > 50) errors.name = 'Use at most 50 characters.';
  if (!values.unlimited && !/^\d+$/.test(values.quota.trim())) errors.quota = 'Enter a whole number, or tick Unlimited.';
  if (values.expiry !== '') {
    const time = Date.parse(`${values.expiry}T23:59:59`);
    if (Number.isNaN(time)) errors.expiry = 'Pick a date.';
    else if (time <= Date.now()) errors.expiry = 'Pick a date in the future.';
  }
  return errors;
}

function splitList(text: string): string[] {
  return [...new Set(text.split(/[\n,]/).map((item) => item.trim()).filter(Boolean))];
}

function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: NewKey, model: string) => void }) {
  const formId = useId();
  const [values, setValues] = useState<FormValues>({ name: '', quota: '500000', unlimited: true, expiry: '', models: '', ips: '', group: '', allowBalance: false });
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [groups, setGroups] = useState<UsableGroup[]>([]);
  const errors = attempted ? validate(values) : {};

  useEffect(() => {
    getSelfGroups()
      .then(setGroups)
      .catch(() => setGroups([]));
  }, []);

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (Object.keys(validate(values)).length > 0) return;
    setSubmitting(true);
    const models = splitList(values.models);
    try {
      const key = await createToken({
        name: values.name.trim(),
        remain_quota: values.unlimited ? 0 : Number(values.quota.trim()),
        unlimited_quota: values.unlimited,
        expired_time: values.expiry === '' ? -1 : Math.floor(Date.parse(`${values.expiry}T23:59:59`) / 1000),
        model_limits: models,
        allow_ips: splitList(values.ips),
        group: values.group,
        allow_balance: values.allowBalance,
      });
      onCreated(key, models[0] ?? 'gpt-4o-mini');
    } catch (caught) {
      setServerError(caught instanceof Error ? caught.message : 'Could not create the key.');
      setSubmitting(false);
    }
  }

  return (
    <Dialog
      open
      title="Create an API key"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={submitting}>
            {submitting ? 'Creating…' : 'Create key'}
          </button>
        </>
      }
    >
      {serverError !== null && <Alert tone="error">{serverError}</Alert>}
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Name" name="name" autoFocus value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} hint="To tell your keys apart, e.g. “laptop” or “Claude Code”." />
        <div className="form-row">
          <Field
            label="Quota"
            name="quota"
            inputMode="numeric"
            value={values.quota}
            disabled={values.unlimited}
            onChange={(e) => set('quota', e.currentTarget.value)}
            error={errors.quota}
            hint="In quota units."
          />
          <Field label="Expires on" name="expiry" type="date" value={values.expiry} onChange={(e) => set('expiry', e.currentTarget.value)} error={errors.expiry} hint="Empty: never." />
        </div>
        <CheckboxField label="Unlimited quota" checked={values.unlimited} onChange={(on) => set('unlimited', on)} />
        <SelectField
          label="Group"
          name="group"
          value={values.group}
          onChange={(e) => set('group', e.currentTarget.value)}
          options={[{ value: '', label: 'Your group' }, ...groups.map((g) => ({ value: g.name, label: `${g.name} (×${g.ratio})${g.description ? ` — ${g.description}` : ''}` }))]}
          hint="The group prices the calls made with this key."
        />
        <Field label="Allowed models" name="models" value={values.models} onChange={(e) => set('models', e.currentTarget.value)} hint="Comma-separated. Empty allows every model." spellCheck={false} />
        <TextAreaField label="Allowed IP addresses" name="ips" rows={2} mono value={values.ips} onChange={(e) => set('ips', e.currentTarget.value)} hint="One per line; CIDRs work. Empty allows any address." spellCheck={false} />
        <CheckboxField label="May read its balance" checked={values.allowBalance} onChange={(on) => set('allowBalance', on)} hint="Lets the key call /v1/balance." />
      </form>
    </Dialog>
  );
}

interface Snippet {
  id: string;
  label: string;
  where: string;
  code: string;
}

export function clientSnippets(origin: string, key: string, model: string): Snippet[] {
  return [
    {
      id: 'claude',
      label: 'Claude Code',
      where: 'In your shell, before running claude:',
      code: `export ANTHROPIC_BASE_URL=${origin}\nexport ANTHROPIC_AUTH_TOKEN=${key}\nclaude`,
    },
    {
      id: 'codex',
      label: 'Codex CLI',
      where: 'In ~/.codex/config.toml, then export the key:',
      code: `model_provider = "relaydesk"\n\n[model_providers.relaydesk]\nname = "Relaydesk"\nbase_url = "${origin}/v1"\nwire_api = "responses"\nenv_key = "RELAYDESK_API_KEY"\n\n# in your shell:\nexport RELAYDESK_API_KEY=${key}`,
    },
    {
      id: 'gemini',
      label: 'Gemini CLI',
      where: 'In your shell, before running gemini:',
      code: `export GOOGLE_GEMINI_BASE_URL=${origin}\nexport GEMINI_API_KEY=${key}\ngemini`,
    },
    {
      id: 'curl',
      label: 'curl',
      where: 'A first call:',
      code: `curl ${origin}/v1/chat/completions \\\n  -H "Authorization: Bearer ${key}" \\\n  -H "Content-Type: application/json" \\\n  -d '{"model": "${model}", "messages": [{"role": "user", "content": "Hello"}]}'`,
    },
    {
      id: 'sdks',
      label: 'SDKs',
      where: 'Python, with the official SDKs:',
      code: `# OpenAI\nclient = openai.OpenAI(base_url="${origin}/v1", api_key="${key}")\n\n# Anthropic\nclient = anthropic.Anthropic(base_url="${origin}", api_key="${key}")\n\n# Google GenAI\nclient = genai.Client(api_key="${key}", http_options={"base_url": "${origin}"})`,
    },
  ];
}

/** The one and only time the full key is rendered: copy it, and set up a client with it. */
function NewKeyDialog({ created, model, replaced, onClose }: { created: NewKey; model: string; replaced: boolean; onClose: () => void }) {
  const origin = window.location.origin;
  const snippets = clientSnippets(origin, created.key, model);
  const [tab, setTab] = useState(snippets[0]!.id);
  const baseId = useId();
  const active = snippets.find((s) => s.id === tab) ?? snippets[0]!;

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = snippets.findIndex((s) => s.id === tab);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % snippets.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + snippets.length) % snippets.length;
    if (next < 0) return;
    event.preventDefault();
    setTab(snippets[next]!.id);
    document.getElementById(`${baseId}-tab-${snippets[next]!.id}`)?.focus();
  }

  return (
    <Dialog
      open
      wide
      title={replaced ? 'Your regenerated key' : 'Your new key'}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <div className="token" data-testid="new-key-panel">
        <label htmlFor={`${baseId}-key`} className="token__label">
          {created.name}
        </label>
        <div className="copy-row">
          <input id={`${baseId}-key`} className="copy-row__value copy-row__input" readOnly value={created.key} spellCheck={false} onFocus={(e) => e.currentTarget.select()} aria-label="API key" />
          <CopyButton text={created.key} label="Copy key" />
        </div>
        <p className="token__warning" role="status">
          Copy it now: it won't be shown again.
        </p>
      </div>

      <h3 className="section-title">Set up a client</h3>
      <div className="tabs" role="tablist" aria-label="Client" onKeyDown={onTabKey}>
        {snippets.map((snippet) => (
          <button
            key={snippet.id}
            id={`${baseId}-tab-${snippet.id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={snippet.id === tab}
            aria-controls={`${baseId}-panel`}
            tabIndex={snippet.id === tab ? 0 : -1}
            onClick={() => setTab(snippet.id)}
          >
            {snippet.label}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${active.id}`} className="snippet">
        <p className="muted">{active.where}</p>
        <pre className="snippet__code" data-testid={`snippet-${active.id}`}>
          <code>{active.code}</code>
        </pre>
        <div>
          <CopyButton text={active.code} label={`Copy ${active.label} setup`} className="button--small" />
        </div>
      </div>
    </Dialog>
  );
}
