// Creating an API key and showing it once with client setup: shared by the API keys page
// and the first-run wizard.
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createToken, getSelfGroups, type NewKey, type UsableGroup } from '../api/tokens.js';
import { Alert } from './Alert.js';
import { ClientConfigWriter } from './ClientConfigWriter.js';
import { CopyButton } from './CopyButton.js';
import { Dialog } from './Dialog.js';
import { Field } from './Field.js';
import { CheckboxField, SelectField, TextAreaField } from './FormFields.js';

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

export function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: NewKey, model: string) => void }) {
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
export function NewKeyDialog({ created, model, replaced, onClose }: { created: NewKey; model: string; replaced: boolean; onClose: () => void }) {
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
      <ClientConfigWriter apiKey={created.key} />
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
