import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { comeBackTo } from './applicant';
import type { DatedVacancy } from './careers.server';

/** A vacancy's title and facts above each step, with the way back to the list. */
export function VacancyHeader({ vacancy, step }: { vacancy: DatedVacancy; step: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <header className="careers__header">
      <p>
        <Link to="/apply">← {t('careers.back')}</Link>
      </p>
      <h1>{vacancy.position}</h1>
      <p className="careers__muted">
        {[vacancy.workHours, vacancy.location, vacancy.date ? `${t('careers.posted')}: ${vacancy.date}` : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className="careers__step" data-testid="application-step">
        {t('careers.step', { step })}
      </p>
    </header>
  );
}

/** Where the applicant must sign in first (SPEC §6), coming back to this step afterwards. */
export function SignInToApply({ back }: { back: string }) {
  const { t } = useTranslation();
  return (
    <section className="careers__gate" aria-labelledby="sign-in-to-apply" data-testid="sign-in-to-apply">
      <h2 id="sign-in-to-apply">{t('careers.needProfile.title')}</h2>
      <p>{t('careers.needProfile.text')}</p>
      <p className="careers__actions">
        <Link to="/login" className="plain-button" onClick={() => comeBackTo(back)}>
          {t('careers.signIn')}
        </Link>
        <Link to="/register" onClick={() => comeBackTo(back)}>
          {t('careers.register')}
        </Link>
      </p>
    </section>
  );
}
