import type { AnalyticsIds } from '@shop/shared';
import { useEffect } from 'react';

/**
 * The store's analytics pixels. Mount once in the storefront layout with the ids of the store
 * lookup (GET /Market/get-store-by-name/{name}); send events with `./track`.
 *
 * Nothing is rendered, on the server or in the browser, so nothing delays the first paint or the
 * largest image. After hydration the services' queueing stubs start (events from then on are
 * kept), and their scripts are fetched, async, once the page has loaded and the browser is idle.
 * The code that installs them (./loaders) is fetched only by a store that runs a service: most
 * stores' pages do not carry it (the first load's JavaScript, decision 008). The first page view
 * is each service's own, sent as it starts (installPixels).
 */
export function AnalyticsPixels({ ids }: { ids: AnalyticsIds }) {
  const { facebookPixelId, yandexMetricaId, googleAnalyticsId, clarityId } = ids;
  useEffect(() => {
    if (!facebookPixelId && !yandexMetricaId && !googleAnalyticsId && !clarityId) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    import('./loaders')
      .then(({ installPixels, loadScripts, whenInteractive }) => {
        if (stopped) return;
        const scripts = installPixels({ facebookPixelId, yandexMetricaId, googleAnalyticsId, clarityId });
        if (scripts.length > 0) stop = whenInteractive(() => loadScripts(scripts));
      })
      .catch(() => {
        // A new build under an open page: its pixels start on the next page load.
      });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [facebookPixelId, yandexMetricaId, googleAnalyticsId, clarityId]);
  return null;
}
