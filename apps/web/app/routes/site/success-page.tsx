import { SITE_REQUEST_KINDS, type SiteRequestKind } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
// Its links' look (.success-page__links): a page reached from another's form brings none of that page's styles.
import '../../features/site/articles.css';
import { siteMeta } from '../../features/site/meta';
import type { Route } from './+types/success-page';

/** The site's forms that land here: the requests, a bug report (routes/site/bug-report.tsx) and a job application (apply-letter.tsx). */
const SENT_KINDS = [...SITE_REQUEST_KINDS, 'bug', 'career'] as const;

/**
 * Where a visitor lands after sending any of the site's forms (SPEC §2 success-page): that it
 * arrived, under which number, and what happens next.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = SENT_KINDS.find((k) => k === url.searchParams.get('kind')) ?? null;
  const number = Number(url.searchParams.get('number'));
  return { kind, number: Number.isInteger(number) && number > 0 ? number : null };
}

export function meta({ matches }: Route.MetaArgs) {
  return [...siteMeta(matches, { key: 'success' }), { name: 'robots', content: 'noindex' }];
}

export default function SuccessPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kind, number } = loaderData;
  return (
    <div className="site-prose success-page" data-testid="success-page">
      <h1 id="sent">{t('site.pages.success.title')}</h1>
      <p className="site-lede" data-testid="success-text">
        {number ? t('site.success.numbered', { number }) : t('site.success.plain')}
      </p>
      <p>
        {t(
          kind === ('help' satisfies SiteRequestKind)
            ? 'site.success.nextHelp'
            : kind === 'bug'
              ? 'site.success.nextBug'
              : kind === 'career'
                ? 'site.success.nextCareer'
                : 'site.success.next',
        )}
      </p>
      <p className="success-page__links">
        {kind === 'career' ? <Link to="/apply">{t('site.success.applications')}</Link> : null}
        <Link to="/help-center">{t('site.footer.help')}</Link>
        <Link to="/blogs">{t('site.footer.blog')}</Link>
        <Link to="/">{t('site.footer.landing')}</Link>
      </p>
    </div>
  );
}
