import { useTranslation } from 'react-i18next';
import '../../features/site/articles.css';
// The site's form look, which the bug report's own styles build on.
import '../../features/site/request-form.css';
import { BugReportForm } from '../../features/bug-report/bug-report-form';
import { BUG_REPORT_MESSAGES } from '../../features/bug-report/messages';
import { siteMeta } from '../../features/site/meta';
import { useAddTexts } from '../../lib/i18n';
import { textAt } from '../../lib/page-title';
import { requestLanguage } from '../../lib/request-language';
import { catalogueOf, textsOf } from '../../lib/texts.server';
import type { Route } from './+types/bug-report';

/** The bug report (SPEC §2 bug-report): its texts and the messages it may show, in the page's language. */
export function loader({ request }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  return { texts: textsOf(language, ['bugs']), catalogue: catalogueOf(language, BUG_REPORT_MESSAGES) };
}

/** Used, not read: files upload as they are chosen and the voice note records (root.tsx). */
export const handle = { scriptless: false };

export function meta({ matches, data }: Route.MetaArgs) {
  const bugs = (data?.texts.bugs ?? {}) as Record<string, unknown>;
  return siteMeta(matches, { title: textAt(bugs, 'page.title'), description: textAt(bugs, 'page.description') });
}

export default function BugReport({ loaderData }: Route.ComponentProps) {
  useAddTexts(loaderData.texts, loaderData.catalogue);
  const { t } = useTranslation();
  return (
    <div className="articles bug-report">
      <h1>{t('bugs.page.title')}</h1>
      <p className="site-lede">{t('bugs.page.lede')}</p>
      <BugReportForm />
    </div>
  );
}
