import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="fullscreen-message" data-testid="not-found">
      <p className="fullscreen-message__code">404</p>
      <h1>{t('common.notFound.title')}</h1>
      <p>{t('common.notFound.text')}</p>
      <Link to="/" className="plain-button">
        {t('common.notFound.home')}
      </Link>
    </main>
  );
}
