// What can be done to the selected channels at once; Delete asks for confirmation first.
export type BulkAction = 'enable' | 'disable';

interface Props {
  count: number;
  busy: boolean;
  error: string | null;
  onAction: (action: BulkAction) => void;
  onDelete: () => void;
  onClear: () => void;
}

export function BulkBar({ count, busy, error, onAction, onDelete, onClear }: Props) {
  return (
    <div className="bulk-bar" role="region" aria-label="Selected channels">
      <span>
        <strong>{count}</strong> selected
      </span>
      <div className="actions">
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => onAction('enable')}>
          Enable
        </button>
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => onAction('disable')}>
          Disable
        </button>
        <button type="button" className="button button--ghost-danger button--small" disabled={busy} onClick={onDelete}>
          Delete
        </button>
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onClear}>
          Clear selection
        </button>
      </div>
      {error !== null && (
        <div className="alert alert--error bulk-bar__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
