import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ApplicationDraft, readDraft, useApplicantProfile } from '../../features/careers/applicant';
import { loadVacancy } from '../../features/careers/careers.server';
import '../../features/careers/careers.css';
import '../../features/site/request-form.css';
import { StepTwo } from '../../features/careers/step-two';
import { SignInToApply, VacancyHeader } from '../../features/careers/vacancy-header';
import { siteMeta } from '../../features/site/meta';
import { useAddTexts } from '../../lib/i18n';
import { useRootData } from '../../ui/preferences';
import type { Route } from './+types/apply-letter';

/** Step 2 of applying (SPEC §2 apply/{id}/motivation-letter): the letter and the CV. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadVacancy(context, request, params.id);
}

export const handle = { scriptless: false };

export function meta({ matches, data }: Route.MetaArgs) {
  if (!data) return [];
  const careers = data.texts.careers as { step2?: { title?: string } } | undefined;
  return [
    ...siteMeta(matches, { title: `${data.vacancy.position}: ${careers?.step2?.title ?? ''}`, description: '' }),
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ApplyLetter({ loaderData }: Route.ComponentProps) {
  useAddTexts(loaderData.texts, loaderData.catalogue);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language } = useRootData();
  const { vacancy } = loaderData;
  const { profile } = useApplicantProfile(language);
  // Step 1 lives in the tab (sessionStorage): read once the page is in the browser.
  const [draft, setDraft] = useState<ApplicationDraft | null | undefined>(undefined);
  useEffect(() => setDraft(readDraft(vacancy.id)), [vacancy.id]);
  const applied = profile.status === 'ready' && profile.vacancies.some((v) => v.id === vacancy.id && v.application);

  // Without step 1 (a link opened elsewhere, a new tab) or applied already: back to the vacancy.
  useEffect(() => {
    if (draft === null || applied) void navigate(`/apply/${vacancy.id}`, { replace: true });
  }, [draft, applied, navigate, vacancy.id]);

  return (
    <div className="careers">
      <VacancyHeader vacancy={vacancy} step={2} />
      {profile.status === 'signedOut' ? (
        <SignInToApply back={`/apply/${vacancy.id}`} />
      ) : profile.status === 'failed' ? (
        <p className="request-form__alert" role="alert">
          {t(`messages:${profile.error}`)}
        </p>
      ) : draft && profile.status === 'ready' && !applied ? (
        <StepTwo draft={draft} position={vacancy.position} language={language} />
      ) : (
        <p aria-busy="true">{t('careers.profile.loading')}</p>
      )}
    </div>
  );
}
