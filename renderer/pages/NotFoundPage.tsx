import { Trans, useTranslation } from 'react-i18next';
import { Link } from '../lib/router.js';
import { PageHeader } from '../components/PageHeader.js';

/** A console address that is no page (or none this user may see): say so, and lead back. */
export function NotFoundPage({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <PageHeader title={t('notFound.title')} lead={<Trans t={t} i18nKey="notFound.lead" values={{ path }} components={{ code: <code /> }} />} />
      <p>
        <Link to="/">{t('notFound.back')}</Link>
      </p>
    </div>
  );
}
