import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateOf, useApplicantProfile } from '../../features/careers/applicant';
import { loadVacancy } from '../../features/careers/careers.server';
import '../../features/careers/careers.css';
import '../../features/site/request-form.css';
import { StepOne } from '../../features/careers/step-one';
import { SignInToApply, VacancyHeader } from '../../features/careers/vacancy-header';
import '../../features/site/articles.css';
import { siteMeta } from '../../features/site/meta';
import { useAddTexts } from '../../lib/i18n';
import { useRootData } from '../../ui/preferences';
import type { Route } from './+types/apply-vacancy';

/** A vacancy (SPEC §2 apply/{id}): what the job is, then step 1 of applying. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadVacancy(context, request, params.id);
}

export const handle = { scriptless: false };

export function meta({ matches, data }: Route.MetaArgs) {
  if (!data) return [];
  const description = data.vacancy.description
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
  return [
    ...siteMeta(matches, { title: data.vacancy.position, description }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: data.vacancy.position,
        description: data.vacancy.description,
        datePosted: data.vacancy.publishedAt,
        employmentType: data.vacancy.workHours,
        hiringOrganization: { '@type': 'Organization', name: 'Shop builder' },
        ...(data.vacancy.location
          ? {
              jobLocation: {
                '@type': 'Place',
                address: { '@type': 'PostalAddress', addressLocality: data.vacancy.location, addressCountry: 'AZ' },
              },
            }
          : {}),
      },
    },
  ];
}

export default function ApplyVacancy({ loaderData }: Route.ComponentProps) {
  useAddTexts(loaderData.texts, loaderData.catalogue);
  const { t } = useTranslation();
  const { language } = useRootData();
  const { vacancy } = loaderData;
  const { profile, reload } = useApplicantProfile(language);
  const applied =
    profile.status === 'ready' ? (profile.vacancies.find((v) => v.id === vacancy.id)?.application ?? null) : null;

  const step = () => {
    switch (profile.status) {
      case 'loading':
        return <p aria-busy="true">{t('careers.profile.loading')}</p>;
      case 'failed':
        return (
          <p className="request-form__alert" role="alert" data-testid="careers-error">
            {t(`messages:${profile.error}`)}{' '}
            <button type="button" className="plain-button" onClick={() => void reload()}>
              {t('careers.profile.retry')}
            </button>
          </p>
        );
      case 'signedOut':
        return <SignInToApply back={`/apply/${vacancy.id}`} />;
      case 'ready':
        return applied ? (
          <section className="careers__gate" data-testid="already-applied">
            <p>{t('careers.applied', { date: dateOf(applied.createdAt, language) })}</p>
            <p>
              <span className="careers__status" data-status={applied.status}>
                {t('careers.appliedStatus', { status: t(`careers.status.${applied.status}`) })}
              </span>
            </p>
            <p>
              <Link to="/apply">{t('careers.follow')}</Link>
            </p>
          </section>
        ) : (
          <StepOne vacancyId={vacancy.id} user={profile.user} />
        );
    }
  };

  return (
    <div className="careers">
      <VacancyHeader vacancy={vacancy} step={1} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server when it was saved (platform/rich-text.ts sanitizeRichText) */}
      <div className="article__body careers__description" dangerouslySetInnerHTML={{ __html: vacancy.description }} />
      {step()}
    </div>
  );
}
