import { storeTextsFile } from '../../features/storefront/store-texts.server';
import type { Route } from './+types/store-texts';

/** The storefront's texts of a language, named by their content: kept by browsers for a year. */
export function loader({ params }: Route.LoaderArgs) {
  const json = storeTextsFile(params.file);
  if (json === null) throw new Response(null, { status: 404 });
  return new Response(json, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
}
