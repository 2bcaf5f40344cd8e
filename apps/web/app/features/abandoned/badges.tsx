import { ActionIcon, Badge, CopyButton, Tooltip } from '@mantine/core';
import type { AbandonedCheckout } from '@shop/shared';
import { IconCheck, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { moment, reminderState } from './format';

/** Where the reminder stands: recovered, sent, due, or none. */
export function ReminderBadge({
  checkout,
  language,
  timeZone,
}: {
  checkout: AbandonedCheckout;
  language: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const state = reminderState(checkout);
  const colour = { recovered: 'green', sent: 'blue', due: 'yellow', off: 'gray' }[state];
  const when =
    state === 'recovered'
      ? checkout.recoveredAt
      : state === 'sent'
        ? checkout.reminderSentAt
        : state === 'due'
          ? checkout.reminderDueAt
          : null;
  const badge = (
    <Badge variant="light" color={colour} data-testid="reminder-state" data-state={state}>
      {t(`abandoned.reminder.${state}`)}
    </Badge>
  );
  return when ? <Tooltip label={moment(when, language, timeZone, t)}>{badge}</Tooltip> : badge;
}

/** Copies the checkout's recovery link, to send by hand (a message, a call). */
export function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={url} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('abandoned.link.copied') : t('abandoned.link.copy')} withArrow>
          <ActionIcon
            variant={copied ? 'filled' : 'subtle'}
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={t('abandoned.link.copy')}
            data-testid="copy-recovery-link"
            data-url={url}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconLink size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
