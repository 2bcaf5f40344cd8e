import { useTranslation } from 'react-i18next';
import { commonTitle } from '../../lib/page-title';
import type { Route } from './+types/maintenance';

export const meta: Route.MetaFunction = ({ matches }) => commonTitle(matches, 'maintenance.pageTitle');

export default function Maintenance() {
  const { t } = useTranslation();
  return (
    <main className="fullscreen-message" data-testid="maintenance">
      <p className="fullscreen-message__code" aria-hidden="true">
        ⚙
      </p>
      <h1>{t('common.maintenance.title')}</h1>
      <p>{t('common.maintenance.text')}</p>
      <a href="/" className="plain-button">
        {t('common.maintenance.retry')}
      </a>
    </main>
  );
}
