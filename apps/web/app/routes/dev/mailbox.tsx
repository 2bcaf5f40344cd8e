import type { OutboxMail } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { ApiError, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';
import type { Route } from './+types/mailbox';
import './mailbox.css';
import { panelTitle } from '../../lib/panel-title';

/** The mailbox shows every account's codes: to anyone but this machine it does not exist. */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.devMailbox) throw data(null, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'auth.mailbox', { noindex: true });

/** Without SMTP, e-mail is written to the outbox; this page shows it so codes can be read. */
export default function Mailbox() {
  const { t, i18n } = useTranslation();
  const { data, error, refetch, isFetching } = useQuery({
    queryKey: tags.mailbox,
    queryFn: () => apiGet<OutboxMail[]>('/Dev/mailbox'),
    refetchInterval: 3000,
  });
  const off = error instanceof ApiError && error.status === 404;
  return (
    <main className="mailbox">
      <header>
        <h1>{t('auth.mailbox.title')}</h1>
        <p>{off ? t('auth.mailbox.unavailable') : t('auth.mailbox.text')}</p>
        <button type="button" className="plain-button" onClick={() => refetch()} disabled={isFetching}>
          {t('auth.mailbox.refresh')}
        </button>
      </header>
      {data?.length === 0 && <p>{t('auth.mailbox.empty')}</p>}
      <ol className="mailbox__list">
        {data?.map((message) => (
          <li key={message.id} className="mailbox__item" data-testid="mail">
            <div className="mailbox__meta">
              <strong data-testid="mail-subject">{message.subject}</strong>
              <span>
                {t('auth.mailbox.to')}: <span data-testid="mail-to">{message.to}</span>
              </span>
              <time dateTime={message.createdAt}>
                {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
                  new Date(message.createdAt),
                )}
              </time>
            </div>
            <pre className="mailbox__text">{message.text}</pre>
          </li>
        ))}
      </ol>
    </main>
  );
}
