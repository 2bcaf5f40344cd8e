import type { AnalyticsIds } from '@shop/shared';
import { useEffect } from 'react';
import { installPixels, loadScripts, whenInteractive } from './loaders';

/**
 * The store's analytics pixels. Mount once in the storefront layout with the ids of the store
 * lookup (GET /Market/get-store-by-name/{name}); send events with `./track`.
 *
 * Nothing is rendered, on the server or in the browser, so nothing delays the first paint or the
 * largest image. After hydration the services' queueing stubs start (events from then on are
 * kept), and their scripts are fetched, async, once the page has loaded and the browser is idle.
 */
export function AnalyticsPixels({ ids }: { ids: AnalyticsIds }) {
  const { facebookPixelId, yandexMetricaId, googleAnalyticsId, clarityId } = ids;
  useEffect(() => {
    const scripts = installPixels({ facebookPixelId, yandexMetricaId, googleAnalyticsId, clarityId });
    if (scripts.length === 0) return;
    return whenInteractive(() => loadScripts(scripts));
  }, [facebookPixelId, yandexMetricaId, googleAnalyticsId, clarityId]);
  return null;
}
