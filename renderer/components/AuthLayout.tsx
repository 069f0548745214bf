import type { ReactNode } from 'react';
import { Brand } from './Brand.js';

/** A single centered card under the brand, for the setup and sign-in pages. */
export function AuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth">
      <Brand />
      <section className="card auth__card">{children}</section>
      {footer !== undefined && <footer className="auth__footer">{footer}</footer>}
    </main>
  );
}
