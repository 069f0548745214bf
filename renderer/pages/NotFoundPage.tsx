import { Link } from '../lib/router.js';
import { PageHeader } from '../components/PageHeader.js';

/** A console address that is no page (or none this user may see): say so, and lead back. */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <div className="page page--narrow">
      <PageHeader title="Page not found" lead={<>There is no console page at <code>{path}</code>, or not one your account may open.</>} />
      <p>
        <Link to="/">Back to the overview</Link>
      </p>
    </div>
  );
}
