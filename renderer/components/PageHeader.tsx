import type { ReactNode } from 'react';

/** A page's title, one line on what it is for, and its main action. */
export function PageHeader({ title, lead, action }: { title: string; lead: ReactNode; action?: ReactNode }) {
  return (
    <div className="page__header">
      <div>
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </div>
      {action}
    </div>
  );
}
