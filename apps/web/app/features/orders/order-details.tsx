import {
  Anchor,
  Badge,
  Button,
  Divider,
  Grid,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type Address, formatMoney, type Language, type OrderDetails, regionName } from '@shop/shared';
import {
  IconArchive,
  IconArchiveOff,
  IconCash,
  IconMail,
  IconPhone,
  IconReceiptRefund,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/display';
import { errorText } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { BackLink, LoadError } from '../../ui/panel';
import { useRootData } from '../../ui/preferences';
import { canFulfil, canRefund, cashDue, refundable } from './actions';
import { FulfillmentBadge, PaymentBadge } from './badges';
import { displayPhone } from './format';
import { FulfilModal } from './fulfil-modal';
import { LineSummary } from './line-summary';
import { orderQuery, useArchiveOrder, useMarkPaid, useRefundOrder } from './queries';
import { RefundModal } from './refund-modal';
import { OrderTimeline } from './timeline';

export const ORDERS_PATH = '/cp/orders';

/** One order of a store (SPEC §2 cp/order-details/{marketId}/{orderId}): what was bought, by whom, and what happened. */
export function OrderDetailsScreen({
  marketId,
  orderId,
  timeZone,
}: {
  marketId: string;
  orderId: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const order = useQuery(orderQuery(marketId, orderId));
  const back = { to: ORDERS_PATH, label: t('orders.list.title') };

  if (order.isPending) {
    return (
      <Stack gap="lg" maw={1200} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={36} w={240} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Skeleton h={260} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton h={260} radius="lg" />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }
  if (order.isError) {
    return (
      <Stack gap="lg" maw={720}>
        <BackLink {...back} testId="order-back" />
        <LoadError error={order.error} onRetry={() => void order.refetch()} back={back} />
      </Stack>
    );
  }
  return <Details order={order.data} timeZone={timeZone} />;
}

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" data-testid={testId}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Details({ order, timeZone }: { order: OrderDetails; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const notice = useNotice();
  const archive = useArchiveOrder();
  const markPaid = useMarkPaid();
  const cancel = useRefundOrder();
  const [dialog, setDialog] = useState<'fulfil' | 'refund' | 'cancel' | null>(null);
  const ids = { marketId: order.marketId, orderId: order.id };
  const collect = () =>
    markPaid.mutate(
      { ...ids, input: undefined },
      {
        onSuccess: () => notice(t('orders.cash.paidDone')),
        onError: (error) => notice(errorText(error, t), 'error'),
      },
    );
  const cancelUnpaid = () =>
    cancel.mutate(
      { ...ids, input: {} },
      {
        onSuccess: () => {
          setDialog(null);
          notice(t('orders.cash.canceledDone'));
        },
        onError: (error) => notice(errorText(error, t), 'error'),
      },
    );
  const money = (minor: number) => formatMoney(minor, language);
  const sameBilling =
    !order.billingAddress || JSON.stringify(order.billingAddress) === JSON.stringify(order.shippingAddress);

  const toggleArchive = () => {
    const archived = !order.archived;
    archive.mutate(
      { marketId: order.marketId, orderId: order.id, input: { archived } },
      {
        onSuccess: () => notice(t(archived ? 'orders.details.archivedDone' : 'orders.details.unarchivedDone')),
        onError: (error) => notice(errorText(error, t), 'error'),
      },
    );
  };

  return (
    <Stack gap="lg" maw={1200} data-testid="order-details" data-id={order.id}>
      <Stack gap={4}>
        <BackLink to={ORDERS_PATH} label={t('orders.list.title')} testId="order-back" />
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Group gap="sm" align="center">
              <Title order={1} size="h2" data-testid="order-title">
                {order.name}
              </Title>
              <PaymentBadge status={order.paymentStatus} refunded={order.refundedAmount} total={order.total} />
              <FulfillmentBadge status={order.fulfillmentStatus} />
              <Badge
                variant="outline"
                color={order.closed ? 'gray' : 'cyan'}
                data-testid="order-state"
                data-closed={order.closed}
              >
                {t(order.closed ? 'orders.details.closed' : 'orders.details.open')}
              </Badge>
              {order.archived && (
                <Badge variant="outline" color="gray" data-testid="order-archived">
                  {t('orders.archived')}
                </Badge>
              )}
            </Group>
            <Text c="dimmed" size="sm" data-testid="order-placed">
              {t('orders.details.placedAt', { date: formatDateTime(order.placedAt, language, timeZone, t) })}
            </Text>
          </Stack>
          <Group gap="xs">
            {cashDue(order) && (
              <Button
                color="green"
                leftSection={<IconCash size={16} aria-hidden />}
                onClick={collect}
                loading={markPaid.isPending}
                data-testid="order-mark-paid"
              >
                {t('orders.cash.markPaid')}
              </Button>
            )}
            {canFulfil(order) && (
              <Button
                leftSection={<IconTruckDelivery size={16} aria-hidden />}
                onClick={() => setDialog('fulfil')}
                data-testid="open-fulfil"
              >
                {t('orders.fulfil.open')}
              </Button>
            )}
            {canRefund(order) && (
              <Button
                variant="default"
                leftSection={<IconReceiptRefund size={16} aria-hidden />}
                onClick={() => setDialog('refund')}
                data-testid="open-refund"
              >
                {t('orders.refund.open')}
              </Button>
            )}
            {cashDue(order) && (
              <Button
                variant="default"
                color="red"
                onClick={() => setDialog('cancel')}
                data-testid="order-cancel-unpaid"
              >
                {t('orders.cash.cancel')}
              </Button>
            )}
            <Button
              variant="subtle"
              color="gray"
              leftSection={
                order.archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
              }
              onClick={toggleArchive}
              loading={archive.isPending}
              data-testid="toggle-archive"
            >
              {t(order.archived ? 'orders.details.unarchive' : 'orders.details.archive')}
            </Button>
          </Group>
        </Group>
      </Stack>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Card title={t('orders.details.items', { count: order.items.length })} testId="order-items">
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('orders.details.item')}</Table.Th>
                      <Table.Th ta="right">{t('orders.details.price')}</Table.Th>
                      <Table.Th ta="right">{t('orders.details.lineTotal')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {order.items.map((line) => (
                      <Table.Tr
                        key={line.id}
                        data-testid="order-line"
                        data-title={line.title}
                        data-fulfilled={line.fulfilledQuantity}
                        data-refunded={line.refundedQuantity}
                      >
                        <Table.Td>
                          <LineSummary line={line} />
                          <Group gap={6} mt={6} hidden={line.fulfilledQuantity === 0 && line.refundedQuantity === 0}>
                            {line.fulfilledQuantity > 0 && (
                              <Badge size="sm" variant="light" color="teal" data-testid="line-fulfilled">
                                {t('orders.details.fulfilledCount', {
                                  count: line.fulfilledQuantity,
                                  total: line.quantity,
                                })}
                              </Badge>
                            )}
                            {line.refundedQuantity > 0 && (
                              <Badge size="sm" variant="light" color="orange" data-testid="line-refunded">
                                {t('orders.details.refundedCount', { count: line.refundedQuantity })}
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          <Text size="sm" data-testid="line-price">
                            {t('orders.details.times', { price: money(line.unitPrice), quantity: line.quantity })}
                          </Text>
                          {line.compareAtPrice !== null && line.compareAtPrice > line.unitPrice && (
                            <Text size="xs" c="dimmed" td="line-through">
                              {money(line.compareAtPrice)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {line.discount > 0 ? (
                            <>
                              <Text
                                size="xs"
                                c="dimmed"
                                td="line-through"
                                title={t('orders.details.beforeDiscounts')}
                                data-testid="line-before"
                              >
                                {money(line.lineTotal)}
                              </Text>
                              <Text size="sm" fw={500} data-testid="line-paid">
                                {money(line.paid)}
                              </Text>
                            </>
                          ) : (
                            <Text size="sm" fw={500} data-testid="line-paid">
                              {money(line.lineTotal)}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>

            <Card title={t('orders.details.payment')} testId="order-payment">
              <Stack gap={6}>
                <Row label={t('orders.details.subtotal')} value={money(order.subtotal)} testId="order-subtotal" />
                {order.bundleDiscount > 0 && (
                  <Row
                    label={t('orders.details.bundleSavings')}
                    value={`−${money(order.bundleDiscount)}`}
                    testId="order-bundle-discount"
                  />
                )}
                {order.discount && order.discount.amount > 0 && (
                  <Row
                    label={
                      order.discount.kind === 'code'
                        ? t('orders.details.discountCode', { code: order.discount.code ?? '' })
                        : t('orders.details.popup', { title: order.discount.title ?? '' })
                    }
                    value={`−${money(order.discount.amount)}`}
                    testId="order-discount"
                  />
                )}
                <Row
                  label={
                    order.shippingName
                      ? t('orders.details.shippingNamed', { name: order.shippingName })
                      : t('orders.details.shipping')
                  }
                  value={order.shippingPrice === 0 ? t('orders.details.free') : money(order.shippingPrice)}
                  testId="order-shipping"
                />
                {order.cashFee > 0 && (
                  <Row label={t('orders.cash.fee')} value={money(order.cashFee)} testId="order-cash-fee" />
                )}
                <Divider my={4} />
                <Row label={t('orders.details.total')} value={money(order.total)} strong testId="order-total" />
                {order.refundedAmount > 0 && (
                  <>
                    <Row
                      label={t('orders.details.refunded')}
                      value={`−${money(order.refundedAmount)}`}
                      testId="order-refunded"
                    />
                    <Row
                      label={t('orders.details.net')}
                      value={money(order.total - order.refundedAmount)}
                      strong
                      testId="order-net"
                    />
                  </>
                )}
                <Divider my={4} />
                <Row
                  label={t('orders.details.paidAt')}
                  value={order.paidAt ? formatDateTime(order.paidAt, language, timeZone, t) : '—'}
                  testId="order-paid-at"
                />
                <Row
                  label={t('orders.cash.method')}
                  value={t(`orders.cash.methods.${order.paymentMethod}`)}
                  testId="order-payment-method"
                />
                {order.paymentMethod === 'card' && (
                  <Row label={t('orders.details.card')} value={order.cardMask ?? '—'} mono testId="order-card" />
                )}
                {cashDue(order) && (
                  <Text size="sm" c="dimmed" data-testid="order-cash-due">
                    {t('orders.cash.due', { amount: money(order.total) })}
                  </Text>
                )}
                {order.paidAt && refundable(order) > 0 && order.refundedAmount > 0 && (
                  <Row
                    label={t('orders.details.refundable')}
                    value={money(refundable(order))}
                    testId="order-refundable"
                  />
                )}
              </Stack>
            </Card>

            <Card title={t('orders.details.timeline')} testId="order-history">
              <OrderTimeline events={order.events} timeZone={timeZone} />
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card title={t('orders.details.contact')} testId="order-contact">
              <Stack gap={6}>
                {order.email ? (
                  <Anchor href={`mailto:${order.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Group gap={6} wrap="nowrap">
                      <IconMail size={14} aria-hidden />
                      <span data-testid="order-email">{order.email}</span>
                    </Group>
                  </Anchor>
                ) : null}
                {order.phone ? (
                  <Anchor href={`tel:${order.phone.replaceAll(' ', '')}`} size="sm">
                    <Group gap={6} wrap="nowrap">
                      <IconPhone size={14} aria-hidden />
                      <span data-testid="order-phone">{displayPhone(order.phone)}</span>
                    </Group>
                  </Anchor>
                ) : null}
                {!order.email && !order.phone && (
                  <Text size="sm" c="dimmed">
                    {t('orders.details.none')}
                  </Text>
                )}
              </Stack>
            </Card>
            <Card title={t('orders.details.shippingAddress')} testId="order-shipping-address">
              {order.shippingAddress ? (
                <AddressLines address={order.shippingAddress} language={language as Language} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('orders.details.none')}
                </Text>
              )}
            </Card>
            <Card title={t('orders.details.billingAddress')} testId="order-billing-address">
              {sameBilling ? (
                <Text size="sm" c="dimmed">
                  {order.shippingAddress ? t('orders.details.sameAsShipping') : t('orders.details.none')}
                </Text>
              ) : (
                <AddressLines address={order.billingAddress as Address} language={language as Language} />
              )}
            </Card>
            <Card title={t('orders.details.note')} testId="order-note">
              <Text
                size="sm"
                c={order.note ? undefined : 'dimmed'}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {order.note ?? t('orders.details.noNote')}
              </Text>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      <FulfilModal order={order} opened={dialog === 'fulfil'} onClose={() => setDialog(null)} />
      <RefundModal order={order} opened={dialog === 'refund'} onClose={() => setDialog(null)} />
      <Modal
        opened={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        title={t('orders.cash.cancelTitle')}
        data-testid="cancel-unpaid-dialog"
      >
        <Stack gap="md">
          <Text size="sm">{t('orders.cash.cancelText')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('orders.cash.keep')}
            </Button>
            <Button color="red" onClick={cancelUnpaid} loading={cancel.isPending} data-testid="cancel-unpaid-confirm">
              {t('orders.cash.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Row({
  label,
  value,
  strong = false,
  mono = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : undefined} ff={mono ? 'monospace' : undefined} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function AddressLines({ address, language }: { address: Address; language: Language }) {
  const { t } = useTranslation();
  const lines = [
    `${address.firstName} ${address.lastName}`.trim(),
    address.address1,
    address.address2,
    [address.city, regionName(address.region, language)].filter(Boolean).join(', '),
    address.postCode,
    t('orders.details.country'),
    address.phone ? displayPhone(address.phone) : null,
  ].filter((line): line is string => Boolean(line?.trim()));
  return (
    <Stack gap={0} data-testid="address-lines">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one address, in their order.
        <Text key={i} size="sm" fw={i === 0 ? 600 : undefined} style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}
