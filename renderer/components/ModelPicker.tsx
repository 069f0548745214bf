// The models an upstream listed (Fetch models), as checkboxes that add to or remove from the
// channel's model list.
import { useTranslation } from 'react-i18next';

interface Props {
  fetched: string[];
  selected: ReadonlySet<string>;
  onToggle: (model: string, on: boolean) => void;
  onSelectAll: () => void;
  onClear: () => void;
}

export function ModelPicker({ fetched, selected, onToggle, onSelectAll, onClear }: Props) {
  const { t } = useTranslation('channels');
  return (
    <fieldset className="picker">
      <legend>
        {t('picker.serves', { count: fetched.length })}
      </legend>
      <div className="actions">
        <button type="button" className="button button--secondary button--small" onClick={onSelectAll}>
          {t('picker.selectAll')}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onClear}>
          {t('picker.clear')}
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
