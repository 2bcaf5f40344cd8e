import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  BILLING,
  CARD_RETURN_PARAM,
  formatMoney,
  SUBSCRIPTION_PLANS,
  type Subscription,
  type SubscriptionCharge,
} from '@shop/shared';
import { IconAlertTriangle, IconCreditCardPay, IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/display';
import { errorText } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { LoadError } from '../../ui/panel';
import { subscriptionQuery, usePaySubscription, useStartCard } from './queries';

const STATUS_COLOR = { trialing: 'cyan', active: 'green', past_due: 'orange', suspended: 'red' } as const;
const CHARGE_COLOR = { started: 'gray', approved: 'green', declined: 'red', failed: 'red' } as const;

/** Tries of a month left before the store is suspended. */
export const triesLeft = (subscription: Subscription) => Math.max(0, BILLING.retries + 1 - subscription.failedAttempts);

/**
 * cp/payments' subscription (issue 14): the plan and what it costs, where it stands (trial,
 * active, payment failed, suspended) and what to do about it, the saved card (masked) with a way
 * to add or replace it at the provider, paying now, and the history of charges.
 */
export function SubscriptionSection({ marketId, timeZone }: { marketId: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const subscription = useQuery(subscriptionQuery(marketId));
  const startCard = useStartCard(marketId);
  const pay = usePaySubscription(marketId);
  const notice = useNotice();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const returned = search.get(CARD_RETURN_PARAM);
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const loaded = subscription.isSuccess;

  // Sent here to pay (the banner's link) or back from the card page: the section comes into view.
  useEffect(() => {
    if (loaded && (hash === '#subscription' || returned)) section.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash, returned]);

  // Back from the provider's card page: say how it went, once (the address loses the mark).
  useEffect(() => {
    if (returned !== 'saved' && returned !== 'failed') return;
    notice(t(`payments.subscription.return.${returned}`), returned === 'saved' ? 'success' : 'error');
    void queryClient.invalidateQueries({ queryKey: subscriptionQuery(marketId).queryKey });
    setSearch(
      (current) => {
        current.delete(CARD_RETURN_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [returned, notice, t, queryClient, marketId, setSearch]);

  if (subscription.isPending) {
    return <Skeleton h={280} radius="lg" aria-busy="true" aria-label={t('common.loading')} />;
  }
  if (subscription.isError) {
    return <LoadError error={subscription.error} onRetry={() => void subscription.refetch()} />;
  }
  const s = subscription.data;
  const date = (iso: string) => formatDate(iso, i18n.language, timeZone, t);
  const price = formatMoney(s.monthlyPrice, i18n.language);
  const owes = s.status === 'past_due' || s.status === 'suspended';

  const payNow = () =>
    pay.mutate(undefined, {
      onSuccess: ({ paid }) =>
        paid ? notice(t('payments.subscription.paid')) : notice(t('payments.subscription.payFailed'), 'error'),
      onError: (error) => notice(errorText(error, t), 'error'),
    });
  const addCard = () => startCard.mutate(undefined, { onError: (error) => notice(errorText(error, t), 'error') });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="payments-subscription"
      id="subscription"
      ref={section}
      data-testid="subscription"
      data-status={s.status}
    >
      <Group align="flex-start" gap="md" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color="cyan" aria-hidden>
          <IconCreditCardPay size={22} />
        </ThemeIcon>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4" id="payments-subscription">
              {t('payments.subscription.title')}
            </Title>
            <Badge color={STATUS_COLOR[s.status]} variant="light" data-testid="subscription-status">
              {t(`payments.subscription.status.${s.status}`)}
            </Badge>
          </Group>
          <Text fw={600} data-testid="subscription-price">
            {t('payments.subscription.price', { plan: t(`payments.subscription.plan.${s.plan}`), price })}
          </Text>
          <StatusText subscription={s} date={date} price={price} />

          <Group gap="sm" wrap="wrap" align="center">
            <Text size="sm" data-testid="subscription-card">
              {s.card
                ? t('payments.subscription.card.saved', { mask: s.card.mask, date: date(s.card.savedAt) })
                : t('payments.subscription.card.none')}
            </Text>
          </Group>
          <Group gap="sm">
            {owes && s.card && (
              <Button onClick={payNow} loading={pay.isPending} color="red" data-testid="subscription-pay">
                {t('payments.subscription.payNow', { price })}
              </Button>
            )}
            <Button
              onClick={addCard}
              loading={startCard.isPending}
              variant={owes && s.card ? 'default' : 'light'}
              data-testid="subscription-card-button"
            >
              {s.card ? t('payments.subscription.card.replace') : t('payments.subscription.card.add')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('payments.subscription.card.about')}
          </Text>
          <History charges={s.charges} timeZone={timeZone} />
        </Stack>
      </Group>
    </Paper>
  );
}

function StatusText({
  subscription: s,
  date,
  price,
}: {
  subscription: Subscription;
  date: (iso: string) => string;
  price: string;
}) {
  const { t } = useTranslation();
  const trialDays = SUBSCRIPTION_PLANS[s.plan].trialDays;
  switch (s.status) {
    case 'trialing':
      return (
        <Text size="sm" data-testid="subscription-state">
          {t('payments.subscription.about.trialing', { days: trialDays, date: date(s.periodEnd), price })}
          {!s.card && ` ${t('payments.subscription.about.addCardBefore', { date: date(s.periodEnd) })}`}
        </Text>
      );
    case 'active':
      return (
        <Text size="sm" data-testid="subscription-state">
          {t('payments.subscription.about.active', { date: date(s.periodEnd), price })}
        </Text>
      );
    case 'past_due':
      return (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="subscription-state">
          {t('payments.subscription.about.pastDue', {
            date: s.nextAttemptAt ? date(s.nextAttemptAt) : '',
            count: triesLeft(s),
          })}
        </Alert>
      );
    case 'suspended':
      return (
        <Alert color="red" variant="light" icon={<IconLock size={18} />} data-testid="subscription-state">
          {t('payments.subscription.about.suspended', { date: s.suspendedAt ? date(s.suspendedAt) : '' })}
        </Alert>
      );
  }
}

function History({ charges, timeZone }: { charges: SubscriptionCharge[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  if (charges.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="subscription-history-empty">
        {t('payments.subscription.history.empty')}
      </Text>
    );
  }
  const date = (iso: string) => formatDate(iso, i18n.language, timeZone, t);
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {t('payments.subscription.history.title')}
      </Title>
      <ScrollArea type="auto">
        <Table miw={640} verticalSpacing="xs" data-testid="subscription-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payments.subscription.history.date')}</Table.Th>
              <Table.Th>{t('payments.subscription.history.period')}</Table.Th>
              <Table.Th ta="right">{t('payments.subscription.history.amount')}</Table.Th>
              <Table.Th>{t('payments.subscription.history.card')}</Table.Th>
              <Table.Th>{t('payments.subscription.history.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {charges.map((charge) => (
              <Table.Tr key={charge.id} data-testid="subscription-charge" data-status={charge.status}>
                <Table.Td>{formatDateTime(charge.createdAt, i18n.language, timeZone, t)}</Table.Td>
                <Table.Td>
                  {t('payments.subscription.history.range', {
                    from: date(charge.periodStart),
                    to: date(charge.periodEnd),
                  })}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(charge.amount, i18n.language)}
                </Table.Td>
                <Table.Td>{charge.cardMask ?? '—'}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Badge color={CHARGE_COLOR[charge.status]} variant="light" w="fit-content">
                      {t(`payments.subscription.charge.${charge.status}`)}
                    </Badge>
                    {charge.status !== 'approved' && charge.status !== 'started' && (
                      <Text size="xs" c="dimmed">
                        {charge.cause ? t(`payments.subscription.cause.${charge.cause}`) : charge.message}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

/**
 * Every control-panel page (but payments, which has the section) of a store that owes its
 * subscription says so at the top: a failed
 * payment (and when it is tried again), or that the store is suspended and shoppers see the
 * maintenance page — with the way to fix it.
 */
export function SubscriptionBanner({ marketId, timeZone }: { marketId: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const subscription = useQuery(subscriptionQuery(marketId));
  const { pathname } = useLocation();
  const s = subscription.data;
  if (!s || (s.status !== 'past_due' && s.status !== 'suspended')) return null;
  // The payments page says it in its subscription section, with the buttons.
  if (pathname === '/cp/payments') return null;
  const suspended = s.status === 'suspended';
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language, timeZone, t) : '');
  return (
    <Alert
      color={suspended ? 'red' : 'orange'}
      variant="filled"
      radius="md"
      mb="lg"
      icon={suspended ? <IconLock size={20} /> : <IconAlertTriangle size={20} />}
      title={t(suspended ? 'payments.banner.suspendedTitle' : 'payments.banner.pastDueTitle')}
      data-testid="subscription-banner"
      data-status={s.status}
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {suspended
            ? t('payments.banner.suspended')
            : t('payments.banner.pastDue', { date: date(s.nextAttemptAt), count: triesLeft(s) })}
        </Text>
        <Button component={Link} to="/cp/payments#subscription" size="xs" variant="white" color="dark">
          {t('payments.banner.fix')}
        </Button>
      </Stack>
    </Alert>
  );
}
