import { LegalDocument } from '../../features/site/legal-document';
import { siteMeta } from '../../features/site/meta';
import { requestLanguage } from '../../features/storefront/store.server';
import { useAddTexts } from '../../lib/i18n';
import { textsOf } from '../../lib/texts.server';
import type { Route } from './+types/terms';

/** The platform's terms of service (issue 17), in the page's language. */
export function loader({ request }: Route.LoaderArgs) {
  return { texts: textsOf(requestLanguage(request), ['legal']) };
}

export const meta: Route.MetaFunction = ({ matches }) => siteMeta(matches, { key: 'terms' });

export default function Terms({ loaderData }: Route.ComponentProps) {
  useAddTexts(loaderData.texts);
  return <LegalDocument name="terms" />;
}
