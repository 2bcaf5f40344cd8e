import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type CustomerOrder, type FulfillmentStatus, formatMoney, type PaymentStatus, regionName } from '@shop/shared';
import { IconArrowLeft, IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/display';
import { errorText } from '../../lib/form';
import { useRootData } from '../../ui/preferences';
import { shownPhone } from './list-params';
import { useCustomer } from './queries';

const PAYMENT_COLOURS: Record<PaymentStatus, string> = {
  paid: 'green',
  pending: 'yellow',
  failed: 'red',
  unpaid: 'gray',
  canceled: 'gray',
};
const FULFILLMENT_COLOURS: Record<FulfillmentStatus, string> = {
  unfulfilled: 'yellow',
  partial: 'orange',
  fulfilled: 'teal',
};

/** A customer of the store with their figures, address and orders (cp/customers/{marketId}/{id}). */
export function CustomerDetailsPage({ marketId, id, timeZone }: { marketId: string; id: string; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const customer = useCustomer(marketId, id);
  const back = (
    <Anchor component={Link} to="/cp/customers" size="sm" data-testid="back-to-customers">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('customers.details.back')}
      </Group>
    </Anchor>
  );

  if (customer.isError) {
    const missing = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <Alert
          color={missing ? 'gray' : 'red'}
          title={missing ? t('customers.details.notFound') : errorText(customer.error, t)}
        >
          {!missing && (
            <Button size="xs" variant="light" color="red" onClick={() => customer.refetch()}>
              {t('customers.list.retry')}
            </Button>
          )}
        </Alert>
      </Stack>
    );
  }
  const c = customer.data;
  if (!c) {
    return (
      <Stack gap="md">
        {back}
        <Skeleton h={32} w={280} />
        <Skeleton h={120} />
        <Skeleton h={240} />
      </Stack>
    );
  }
  const date = (iso: string | null) => (iso ? formatDate(iso, language, timeZone, t) : '—');
  const money = (minor: number) => formatMoney(minor, language);
  const a = c.address;

  return (
    <Stack gap="lg">
      {back}
      <div>
        <Title order={1} size="h2" data-testid="customer-name">
          {c.name ?? c.email}
        </Title>
        <Group gap="lg" mt={6}>
          <Anchor href={`mailto:${c.email}`} size="sm" data-testid="customer-email">
            <Group gap={4}>
              <IconMail size={14} aria-hidden />
              {c.email}
            </Group>
          </Anchor>
          {c.phone && (
            <Anchor href={`tel:${c.phone.replace(/\s/g, '')}`} size="sm">
              <Group gap={4}>
                <IconPhone size={14} aria-hidden />
                {shownPhone(c.phone)}
              </Group>
            </Anchor>
          )}
          <Badge
            color={c.marketingConsentAt ? 'teal' : 'gray'}
            variant="light"
            tt="none"
            data-testid="customer-consent-badge"
          >
            {c.marketingConsentAt
              ? t('customers.consent.subscribedSince', { date: date(c.marketingConsentAt) })
              : t('customers.consent.notSubscribed')}
          </Badge>
        </Group>
      </div>

      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={t('customers.details.orders')} value={String(c.ordersCount)} testId="figure-orders" />
        <Figure label={t('customers.details.totalSpent')} value={money(c.totalSpent)} testId="figure-total" />
        <Figure
          label={t('customers.details.averageOrder')}
          value={c.ordersCount ? money(Math.round(c.totalSpent / c.ordersCount)) : '—'}
        />
        <Figure label={t('customers.details.customerSince')} value={date(c.firstOrderAt)} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Paper withBorder radius="lg" p="md" style={{ gridColumn: 'span 2' }}>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t('customers.details.ordersTitle')}
            </Title>
            {c.placedOrders > c.orders.length && (
              <Text size="sm" c="dimmed">
                {t('customers.details.latest', { shown: c.orders.length, total: c.placedOrders })}
              </Text>
            )}
          </Group>
          {c.orders.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('customers.details.noOrders')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" data-testid="customer-orders">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('customers.details.order')}</Table.Th>
                    <Table.Th>{t('customers.details.date')}</Table.Th>
                    <Table.Th>{t('customers.details.payment')}</Table.Th>
                    <Table.Th>{t('customers.details.fulfillment')}</Table.Th>
                    <Table.Th ta="right">{t('customers.details.items')}</Table.Th>
                    <Table.Th ta="right">{t('customers.details.total')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.orders.map((order) => (
                    <OrderRow key={order.id} order={order} marketId={marketId} date={date} money={money} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={2} size="h4" mb="sm">
            {t('customers.details.address')}
          </Title>
          {a ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="customer-address">
              {[
                `${a.firstName} ${a.lastName}`,
                a.address1,
                a.address2,
                `${a.city}, ${regionName(a.region, language)} ${a.postCode}`,
                a.phone && shownPhone(a.phone),
              ]
                .filter(Boolean)
                .join('\n')}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('customers.details.noAddress')}
            </Text>
          )}
          <Text size="sm" c="dimmed" mt="md">
            {t('customers.details.lastOrder', { date: date(c.lastOrderAt) })}
          </Text>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" mt={4} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function OrderRow({
  order,
  marketId,
  date,
  money,
}: {
  order: CustomerOrder;
  marketId: string;
  date: (iso: string | null) => string;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation();
  const refunded = order.refundedAmount > 0;
  return (
    <Table.Tr data-testid="customer-order">
      <Table.Td>
        <Anchor component={Link} to={`/cp/order-details/${marketId}/${order.id}`} fw={600} size="sm">
          {order.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{date(order.placedAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={refunded ? 'orange' : PAYMENT_COLOURS[order.paymentStatus]}>
          {refunded && order.refundedAmount < order.total
            ? t('customers.payment.partiallyRefunded')
            : refunded
              ? t('customers.payment.refunded')
              : t(`customers.payment.${order.paymentStatus}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={FULFILLMENT_COLOURS[order.fulfillmentStatus]}>
          {t(`customers.fulfillment.${order.fulfillmentStatus}`)}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{order.itemCount}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" fw={600}>
          {money(order.total)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
