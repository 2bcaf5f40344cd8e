import {
  HELP_REQUEST_TOPICS,
  HONEYPOT_FIELD,
  helpTopicName,
  SITE_REQUEST_LIMITS,
  type SiteRequestKind,
} from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import './request-form.css';

/** What a site form's action answers when it did not keep the request (request-action.server.ts). */
export interface RequestFormResult {
  /** What was typed, to fill the form again. */
  values: Record<string, string>;
  /** Each field's message, in the page's language. */
  fields: Record<string, string>;
  /** The form's message. */
  error: string;
}

/**
 * A help request or a contact message, as a plain form the browser posts itself (the site's pages
 * carry no script): every field labelled, its rule said beside it, its message tied to it.
 */
export function RequestForm({
  kind,
  action,
  result,
}: {
  kind: SiteRequestKind;
  /** Where the form posts: its page's own action (a fragment brings the visitor back to the form). */
  action: string;
  result?: RequestFormResult;
}) {
  const { t, i18n } = useTranslation();
  const value = (name: string) => result?.values[name] ?? '';
  const field = (name: string, label: string, control: React.ReactNode, hint?: string) => {
    const error = result?.fields[name];
    return (
      <div className="request-form__field" data-invalid={error ? 'true' : undefined}>
        <label htmlFor={`${kind}-${name}`}>{label}</label>
        {control}
        {hint ? (
          <p className="request-form__hint" id={`${kind}-${name}-hint`}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p className="request-form__error" id={`${kind}-${name}-error`} data-testid={`${kind}-${name}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const described = (name: string, hint = false) =>
    [result?.fields[name] ? `${kind}-${name}-error` : null, hint ? `${kind}-${name}-hint` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const invalid = (name: string) => (result?.fields[name] ? true : undefined);
  return (
    <Form method="post" action={action} className="request-form" noValidate data-testid={`${kind}-form`}>
      {result?.error ? (
        <p className="request-form__alert" role="alert" data-testid={`${kind}-form-error`}>
          {result.error}
        </p>
      ) : null}
      <div className="request-form__row">
        {field(
          'name',
          t('site.form.name'),
          <input
            id={`${kind}-name`}
            name="name"
            autoComplete="name"
            required
            maxLength={SITE_REQUEST_LIMITS.name}
            defaultValue={value('name')}
            aria-invalid={invalid('name')}
            aria-describedby={described('name')}
          />,
        )}
        {field(
          'email',
          t('site.form.email'),
          <input
            id={`${kind}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={value('email')}
            aria-invalid={invalid('email')}
            aria-describedby={described('email')}
          />,
        )}
      </div>
      {field(
        'phone',
        t('site.form.phone'),
        <input
          id={`${kind}-phone`}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={SITE_REQUEST_LIMITS.phone}
          defaultValue={value('phone')}
          aria-invalid={invalid('phone')}
          aria-describedby={described('phone')}
        />,
      )}
      {kind === 'help'
        ? field(
            'topic',
            t('site.form.topic'),
            <select
              id="help-topic"
              name="topic"
              defaultValue={value('topic') || 'other'}
              aria-invalid={invalid('topic')}
              aria-describedby={described('topic')}
            >
              {HELP_REQUEST_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {helpTopicName(topic, i18n.language)}
                </option>
              ))}
            </select>,
          )
        : field(
            'subject',
            t('site.form.subject'),
            <input
              id="contact-subject"
              name="subject"
              required
              maxLength={SITE_REQUEST_LIMITS.subject.max}
              defaultValue={value('subject')}
              aria-invalid={invalid('subject')}
              aria-describedby={described('subject')}
            />,
          )}
      {field(
        'message',
        t('site.form.message'),
        <textarea
          id={`${kind}-message`}
          name="message"
          rows={7}
          required
          maxLength={SITE_REQUEST_LIMITS.message.max}
          defaultValue={value('message')}
          aria-invalid={invalid('message')}
          aria-describedby={described('message', true)}
        />,
        t('site.form.messageHint', { min: SITE_REQUEST_LIMITS.message.min, max: SITE_REQUEST_LIMITS.message.max }),
      )}
      {/* Left empty by people (they never see it); a script that fills every field is refused. */}
      <div className="request-form__trap" aria-hidden="true">
        <label htmlFor={`${kind}-${HONEYPOT_FIELD}`}>{t('site.form.trap')}</label>
        <input id={`${kind}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="plain-button" data-testid={`${kind}-submit`}>
        {t('site.form.send')}
      </button>
    </Form>
  );
}
