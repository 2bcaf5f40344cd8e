import { useTranslation } from 'react-i18next';
import '../../features/site/articles.css';
import { siteMeta } from '../../features/site/meta';
import { submitRequestForm } from '../../features/site/request-action.server';
import { RequestForm } from '../../features/site/request-form';
import type { Route } from './+types/contact';

/** The contact page (SPEC §2 contact): who we are and where, and a message to us. */
export function action({ request, context }: Route.ActionArgs) {
  return submitRequestForm('contact', request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, { key: 'contact' });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="articles contact">
      <h1>{t('site.pages.contact.title')}</h1>
      <p className="site-lede">{t('site.contact.lede')}</p>
      <div className="contact__columns">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t('site.contact.formTitle')}</h2>
          <RequestForm kind="contact" action="/contact" result={actionData} />
        </section>
        <aside className="contact__details" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">{t('site.contact.detailsTitle')}</h2>
          <dl>
            <dt>{t('site.contact.company')}</dt>
            <dd>Shop builder</dd>
            <dt>{t('site.contact.address')}</dt>
            <dd>{t('site.contact.addressValue')}</dd>
            <dt>{t('site.contact.email')}</dt>
            <dd>
              <a href="mailto:hello@shopbuilder.az">hello@shopbuilder.az</a>
            </dd>
            <dt>{t('site.contact.privacy')}</dt>
            <dd>
              <a href="mailto:privacy@shopbuilder.az">privacy@shopbuilder.az</a>
            </dd>
            <dt>{t('site.contact.hours')}</dt>
            <dd>{t('site.contact.hoursValue')}</dd>
          </dl>
          <p>{t('site.contact.helpFirst')}</p>
        </aside>
      </div>
    </div>
  );
}
