// The first-run wizard's progress: "Step 2 of 3" plus the three steps, the current one marked.
import { useTranslation } from 'react-i18next';

const STEPS = ['owner', 'channel', 'key'] as const;

/** `skipped`: earlier steps passed over (shown as skipped, not done). */
export function WizardSteps({ current, skipped = [] }: { current: 1 | 2 | 3; skipped?: number[] }) {
  const { t } = useTranslation('setup');
  return (
    <nav className="wizard-steps" aria-label={t('steps.label')}>
      <p className="eyebrow" data-testid="wizard-progress">
        {t('steps.progress', { current, total: STEPS.length })}
      </p>
      <ol className="wizard-steps__list">
        {STEPS.map((label, index) => {
          const step = index + 1;
          const state = step < current ? (skipped.includes(step) ? 'skipped' : 'done') : step === current ? 'current' : 'todo';
          return (
            <li key={label} className={`wizard-steps__item wizard-steps__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="wizard-steps__dot" aria-hidden="true">
                {state === 'done' ? '✓' : state === 'skipped' ? '–' : step}
              </span>
              <span>{t(`steps.${label}`)}</span>
              {state === 'skipped' && <span className="offscreen"> {t('steps.skipped')}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
