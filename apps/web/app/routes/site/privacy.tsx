import { LegalDocument } from '../../features/site/legal-document';
import { siteMeta } from '../../features/site/meta';
import { requestLanguage } from '../../features/storefront/store.server';
import { useAddTexts } from '../../lib/i18n';
import { textsOf } from '../../lib/texts.server';
import type { Route } from './+types/privacy';

/** The platform's privacy policy (issue 17), in the page's language. */
export function loader({ request }: Route.LoaderArgs) {
  return { texts: textsOf(requestLanguage(request), ['legal']) };
}

export const meta: Route.MetaFunction = ({ matches }) => siteMeta(matches, { key: 'privacy' });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  useAddTexts(loaderData.texts);
  return <LegalDocument name="privacy" />;
}
