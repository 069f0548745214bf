// The first-run wizard's progress: "Step 2 of 3" plus the three steps, the current one marked.
const STEPS = ['Owner account', 'Channel', 'API key'];

/** `skipped`: earlier steps passed over (shown as skipped, not done). */
export function WizardSteps({ current, skipped = [] }: { current: 1 | 2 | 3; skipped?: number[] }) {
  return (
    <nav className="wizard-steps" aria-label="Setup progress">
      <p className="eyebrow" data-testid="wizard-progress">
        First-run setup · Step {current} of {STEPS.length}
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
              <span>{label}</span>
              {state === 'skipped' && <span className="offscreen"> (skipped)</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
