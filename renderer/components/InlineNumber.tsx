// A number edited in place in a table cell: a button showing the value; clicking it (or Enter)
// turns it into a small input; Enter or leaving the field saves, Escape cancels.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value: number;
  /** The field's name for screen readers: "Priority of Fake OpenAI". */
  label: string;
  /** Smallest accepted value (weight: 0); none for any integer. */
  min?: number;
  /** Saves the new value; a rejection puts the old value back and shows the error. */
  onSave: (value: number) => Promise<void>;
}

export function InlineNumber({ value, label, min, onSave }: Props) {
  const [editing, setEditing] = useState(false);
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  /** Set while a save runs or after Escape, so the blur that follows does not save again. */
  const settled = useRef(false);
  const refocus = useRef(false);
  const errorId = useId();

  useEffect(() => {
    if (editing) {
      input.current?.focus();
      input.current?.select();
    }
    else if (refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [editing]);

  function start() {
    settled.current = false;
    setDraft(String(value));
    setError(null);
    setEditing(true);
  }

  function stop(keyboard: boolean) {
    settled.current = true;
    refocus.current = keyboard;
    setEditing(false);
  }

  async function commit(keyboard: boolean) {
    if (settled.current || saving) return;
    const text = draft.trim();
    if (!/^-?\d+$/.test(text)) {
      setError(t('inline.whole'));
      return;
    }
    const next = Number(text);
    if (min !== undefined && next < min) {
      setError(t('inline.min', { min }));
      return;
    }
    if (next === value) {
      stop(keyboard);
      return;
    }
    settled.current = true;
    setSaving(true);
    setError(null);
    try {
      await onSave(next);
    } catch (caught) {
      setError(t('inline.notSaved', { reason: caught instanceof Error ? caught.message : t('inline.failed') }));
    } finally {
      setSaving(false);
      stop(keyboard);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setError(null);
      stop(true);
    }
  }

  return (
    <span className="inline-number">
      {editing ? (
        <input
          ref={input}
          className={`inline-number__input${error !== null ? ' inline-number__input--invalid' : ''}`}
          type="text"
          inputMode="numeric"
          aria-label={label}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? errorId : undefined}
          value={draft}
          disabled={saving}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => void commit(false)}
        />
      ) : (
        <button
          ref={button}
          type="button"
          className="inline-number__value"
          aria-label={`${label}: ${value}`}
          aria-describedby={error !== null ? errorId : undefined}
          title={t('inline.click')}
          onClick={start}
        >
          {value}
        </button>
      )}
      {error !== null && (
        <span id={errorId} className="inline-number__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
