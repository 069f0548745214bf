/** The Edit and Delete buttons of a table row; `what` names the row for screen readers ("group default"). */
export function EditDeleteActions({ what, onEdit, onDelete }: { what: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="row-actions">
      <button type="button" className="button button--secondary button--small" onClick={onEdit} aria-label={`Edit ${what}`}>
        Edit
      </button>
      <button type="button" className="button button--ghost-danger button--small" onClick={onDelete} aria-label={`Delete ${what}`}>
        Delete
      </button>
    </div>
  );
}
