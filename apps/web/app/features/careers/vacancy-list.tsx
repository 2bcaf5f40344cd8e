import type { Language } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { comeBackTo, dateOf, type Profile } from './applicant';
import type { DatedVacancySummary } from './careers.server';

/** SPEC §2 apply: each open position with its work hours and posted date. */
export function VacancyList({ vacancies }: { vacancies: DatedVacancySummary[] }) {
  const { t } = useTranslation();
  if (!vacancies.length) return <p data-testid="vacancies-none">{t('careers.none')}</p>;
  return (
    <ul className="careers__list" data-testid="vacancies">
      {vacancies.map((vacancy) => (
        <li key={vacancy.id} className="careers__vacancy">
          <h3>
            <Link to={`/apply/${vacancy.id}`}>{vacancy.position}</Link>
          </h3>
          <dl className="careers__facts">
            <div>
              <dt>{t('careers.workHours')}</dt>
              <dd>{vacancy.workHours}</dd>
            </div>
            {vacancy.location ? (
              <div>
                <dt>{t('careers.location')}</dt>
                <dd>{vacancy.location}</dd>
              </div>
            ) : null}
            {vacancy.date && vacancy.publishedAt ? (
              <div>
                <dt>{t('careers.posted')}</dt>
                <dd>
                  <time dateTime={vacancy.publishedAt}>{vacancy.date}</time>
                </dd>
              </div>
            ) : null}
          </dl>
          <Link to={`/apply/${vacancy.id}`} className="careers__more" aria-hidden="true" tabIndex={-1}>
            {t('careers.view')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The applicant's profile: what they applied to and where each stands (SPEC §6). */
export function MyApplications({
  profile,
  language,
  reload,
}: {
  profile: Profile;
  language: Language;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const body = () => {
    switch (profile.status) {
      case 'loading':
        return <p aria-busy="true">{t('careers.profile.loading')}</p>;
      case 'failed':
        return (
          <p className="request-form__alert" role="alert" data-testid="careers-error">
            {t(`messages:${profile.error}`)}{' '}
            <button type="button" className="plain-button" onClick={reload}>
              {t('careers.profile.retry')}
            </button>
          </p>
        );
      case 'signedOut':
        return (
          <p>
            {t('careers.profile.signedOut')}{' '}
            <Link to="/login" onClick={() => comeBackTo('/apply')}>
              {t('careers.signIn')}
            </Link>
          </p>
        );
      case 'ready': {
        const mine = profile.vacancies.filter((v) => v.application);
        if (!mine.length) return <p>{t('careers.profile.empty')}</p>;
        return (
          <ul className="careers__applications" data-testid="my-applications">
            {mine.map((vacancy) => {
              const application = vacancy.application as NonNullable<typeof vacancy.application>;
              return (
                <li key={application.id}>
                  <div>
                    <strong>{vacancy.position}</strong>
                    <span className="careers__muted">
                      {t('careers.profile.number', { number: application.number })} ·{' '}
                      {t('careers.profile.sent', { date: dateOf(application.createdAt, language) })}
                      {vacancy.open ? null : ` · ${t('careers.profile.closed')}`}
                    </span>
                  </div>
                  <span className="careers__status" data-status={application.status} data-testid="application-status">
                    {t(`careers.status.${application.status}`)}
                  </span>
                </li>
              );
            })}
          </ul>
        );
      }
    }
  };
  return (
    <section className="careers__profile" aria-labelledby="my-applications-title">
      <h2 id="my-applications-title">{t('careers.profile.title')}</h2>
      {body()}
    </section>
  );
}
