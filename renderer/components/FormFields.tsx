import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

function describe(id: string, hint: ReactNode | undefined, error: string | null | undefined) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint !== undefined ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return { hintId, errorId, describedBy: describedBy === '' ? undefined : describedBy };
}

function Messages({ hint, error, hintId, errorId }: { hint: ReactNode | undefined; error: string | null | undefined; hintId: string; errorId: string }) {
  return (
    <>
      {hint !== undefined && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string | null | undefined;
  mono?: boolean;
};

/** A labelled textarea with hint and inline error. */
export function TextAreaField({ label, hint, error, mono = false, className, ...area }: TextAreaProps) {
  const id = useId();
  const { hintId, errorId, describedBy } = describe(id, hint, error);
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} className={mono ? 'mono' : undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...area} />
      <Messages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string | null | undefined;
  options: { value: string; label: string }[];
};

/** A labelled select. */
export function SelectField({ label, hint, error, options, className, ...select }: SelectProps) {
  const id = useId();
  const { hintId, errorId, describedBy } = describe(id, hint, error);
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Messages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

/** A labelled checkbox with an optional hint. */
export function CheckboxField({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} aria-describedby={hint !== undefined ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}</label>
      {hint !== undefined && (
        <p id={`${id}-hint`} className="field__hint check__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Checks a JSON-object text field: '' is fine (none). Answers an error message or null. */
export function jsonObjectError(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'Write a JSON object, e.g. {"a": "b"}.';
    if (Object.values(parsed).some((value) => typeof value !== 'string')) return 'Every value must be a string.';
    return null;
  } catch (error) {
    return `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}
