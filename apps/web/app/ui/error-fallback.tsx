import { limits } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Full-screen fallback after an unhandled rendering error: counts down, then reloads (SPEC §4). */
export function ErrorFallback() {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState<number>(limits.errorReloadSeconds);
  useEffect(() => {
    if (seconds <= 0) {
      window.location.reload();
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return (
    <main className="fullscreen-message" role="alert">
      <h1>{t('common.errorFallback.title')}</h1>
      <p>{t('common.errorFallback.reload', { count: Math.max(seconds, 0) })}</p>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        {t('common.errorFallback.reloadNow')}
      </button>
    </main>
  );
}
