/** An on/off switch: a button with role="switch", labelled for screen readers. */
export function Switch({
  checked,
  label,
  onChange,
  disabled = false,
  showLabel = false,
}: {
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  showLabel?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={showLabel ? undefined : label}
      className={`switch${checked ? ' switch--on' : ''}`}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      {showLabel && <span className="switch__label">{label}</span>}
    </button>
  );
}
