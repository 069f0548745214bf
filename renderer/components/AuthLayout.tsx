import type { ReactNode } from 'react';
import { Brand } from './Brand.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';

/** A single centered card under the brand, for the setup and sign-in pages; the language can be chosen before signing in. */
export function AuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth">
      <div className="auth__top">
        <Brand />
        <LanguageSwitcher signedIn={false} />
      </div>
      <section className="card auth__card">{children}</section>
      {footer !== undefined && <footer className="auth__footer">{footer}</footer>}
    </main>
  );
}
