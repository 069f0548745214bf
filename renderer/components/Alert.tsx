import type { ReactNode } from 'react';

type Tone = 'error' | 'warn' | 'info' | 'success';

/** A message box. Errors are announced immediately; other tones politely. */
export function Alert({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
