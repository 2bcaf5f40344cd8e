import { useTranslation } from 'react-i18next';
import { useApplicantProfile } from '../../features/careers/applicant';
import { loadVacancies } from '../../features/careers/careers.server';
import { MyApplications, VacancyList } from '../../features/careers/vacancy-list';
import '../../features/careers/careers.css';
import '../../features/site/request-form.css';
import { siteMeta } from '../../features/site/meta';
import { useAddTexts } from '../../lib/i18n';
import { useRootData } from '../../ui/preferences';
import type { Route } from './+types/apply';

/** Careers (SPEC §2 apply): the open positions, and the signed-in applicant's applications. */
export function loader({ context, request }: Route.LoaderArgs) {
  return loadVacancies(context, request);
}

/** The applicant's part is the browser's to ask (who is signed in): this page sends its scripts. */
export const handle = { scriptless: false };

export function meta({ matches, data }: Route.MetaArgs) {
  const careers = data?.texts.careers as { title?: string; description?: string } | undefined;
  return siteMeta(matches, { title: careers?.title ?? '', description: careers?.description ?? '' });
}

export default function Apply({ loaderData }: Route.ComponentProps) {
  useAddTexts(loaderData.texts, loaderData.catalogue);
  const { t } = useTranslation();
  const { language } = useRootData();
  const { profile, reload } = useApplicantProfile(language);
  return (
    <div className="careers">
      <h1>{t('careers.title')}</h1>
      <p className="site-lede">{t('careers.lede')}</p>
      <section aria-labelledby="openings-title">
        <h2 id="openings-title">{t('careers.openings')}</h2>
        <VacancyList vacancies={loaderData.vacancies} />
      </section>
      <MyApplications profile={profile} language={language} reload={() => void reload()} />
    </div>
  );
}
