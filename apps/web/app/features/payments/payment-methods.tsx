import { Alert, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  formatDecimal,
  formatMoney,
  type PaymentSettings,
  providerFee,
  SANDBOX_CARDS,
  SETTLEMENT,
  type ShippingTariff,
} from '@shop/shared';
import { IconAlertTriangle, IconBuildingBank, IconCash, IconCreditCard, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../ui/panel';
import { CashOnDeliveryForm } from './cash-on-delivery';
import { paymentSettingsQuery } from './queries';

/** An order of 50.00 ₼: the example the fee is explained with. */
const EXAMPLE = 5000;

const cardNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * cp/payments (SPEC §2): how the store takes payment — card payments through the platform's
 * provider, live or the sandbox — what the provider keeps of each payment, and when the rest
 * reaches the bank account.
 */
export function PaymentMethods({ marketId, tariffs }: { marketId: string; tariffs: ShippingTariff[] }) {
  const { t } = useTranslation();
  const settings = useQuery(paymentSettingsQuery(marketId));
  if (settings.isPending) return <Skeleton h={360} radius="lg" aria-busy="true" aria-label={t('common.loading')} />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <Stack gap="lg">
      <CardPayments settings={settings.data} />
      <Section icon={<IconCash size={22} />} title={t('payments.cash.title')} id="payments-cash">
        <Text size="sm">{t('payments.cash.about')}</Text>
        <CashOnDeliveryForm marketId={marketId} setting={settings.data.cashOnDelivery} tariffs={tariffs} />
      </Section>
      <Fees settings={settings.data} />
      <GettingPaid />
    </Stack>
  );
}

function Section({ icon, title, id, children }: { icon: ReactNode; title: string; id: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color="cyan" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

function CardPayments({ settings }: { settings: PaymentSettings }) {
  const { t } = useTranslation();
  const card = settings.methods.find((m) => m.method === 'card');
  return (
    <Section icon={<IconCreditCard size={22} />} title={t('payments.card.title')} id="payments-card">
      <Group gap="xs">
        <Badge
          color={settings.live ? 'green' : 'yellow'}
          variant="light"
          data-testid="payments-provider-status"
          data-live={settings.live}
        >
          {settings.live ? t('payments.card.live') : t('payments.card.sandbox')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t(`payments.card.provider.${settings.provider}`)}
        </Text>
      </Group>
      <Text size="sm">{card?.enabled ? t('payments.card.about') : t('payments.card.off')}</Text>
      {!settings.live && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="payments-sandbox">
          <Stack gap={4}>
            <Text size="sm">{t('payments.card.sandboxAbout')}</Text>
            <List size="sm" spacing={2}>
              <List.Item>{t('payments.card.testApprove', { card: cardNumber(SANDBOX_CARDS.approve) })}</List.Item>
              <List.Item>{t('payments.card.testDecline', { card: cardNumber(SANDBOX_CARDS.decline) })}</List.Item>
            </List>
          </Stack>
        </Alert>
      )}
    </Section>
  );
}

function Fees({ settings }: { settings: PaymentSettings }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const percent = formatDecimal(settings.fee.percentBasisPoints / 100, i18n.language);
  const fee = providerFee(EXAMPLE);
  return (
    <Section icon={<IconReceipt size={22} />} title={t('payments.fees.title')} id="payments-fees">
      <Text fw={600} data-testid="payments-fee">
        {t('payments.fees.rate', { percent, pointOfSale: money(settings.fee.pointOfSale) })}
      </Text>
      <Text size="sm">{t('payments.fees.about')}</Text>
      <Text size="sm" data-testid="payments-fee-example">
        {t('payments.fees.example', { order: money(EXAMPLE), fee: money(fee), net: money(EXAMPLE - fee) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('payments.fees.refunds')}
      </Text>
    </Section>
  );
}

function GettingPaid() {
  const { t } = useTranslation();
  return (
    <Section icon={<IconBuildingBank size={22} />} title={t('payments.payouts.title')} id="payments-payouts">
      <Text size="sm">{t('payments.payouts.about', { days: SETTLEMENT.holdingDays })}</Text>
      <Button
        component={Link}
        to="/cp/balance-payout"
        variant="light"
        w="fit-content"
        data-testid="payments-to-balance"
      >
        {t('payments.payouts.open')}
      </Button>
    </Section>
  );
}
