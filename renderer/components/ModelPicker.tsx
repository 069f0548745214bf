// The models an upstream listed (Fetch models), as checkboxes that add to or remove from the
// channel's model list.
interface Props {
  fetched: string[];
  selected: ReadonlySet<string>;
  onToggle: (model: string, on: boolean) => void;
  onSelectAll: () => void;
  onClear: () => void;
}

export function ModelPicker({ fetched, selected, onToggle, onSelectAll, onClear }: Props) {
  return (
    <fieldset className="picker">
      <legend>
        The upstream serves {fetched.length} model{fetched.length === 1 ? '' : 's'}: pick the ones to relay
      </legend>
      <div className="actions">
        <button type="button" className="button button--secondary button--small" onClick={onSelectAll}>
          Select all
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onClear}>
          Clear
        </button>
      </div>
      <div className="picker__list">
        {fetched.map((model) => (
          <label key={model} className="picker__item">
            <input type="checkbox" checked={selected.has(model)} onChange={(e) => onToggle(model, e.currentTarget.checked)} />
            <span>{model}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
