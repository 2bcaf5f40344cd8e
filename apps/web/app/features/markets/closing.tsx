import { Alert, Button, Group, List, Modal, Paper, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ClosingSummary, closeWithPasswordSchema, formatMoney, type MarketView } from '@shop/shared';
import { IconArchive, IconDownload, IconLockOpen } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiGet } from '../../lib/api';
import { formatDate } from '../../lib/display';
import { downloadFile } from '../../lib/download';
import { errorText, localizedResolver, useApiSubmit } from '../../lib/form';
import { tags } from '../../lib/query';
import { useNotice } from '../../ui/notice';
import { LoadError } from '../../ui/panel';
import { useRootData } from '../../ui/preferences';

const summaryQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.store, 'closing', marketId],
    queryFn: () => apiGet<ClosingSummary>(`/Market/closing-summary/${marketId}`),
    staleTime: 0,
  });

/** The store's data as one ZIP (products, customers, orders as CSV; pictures), open or closed. */
function ExportButton({ market }: { market: MarketView }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(`/Market/export/${market.id}`, `${market.name}.zip`);
    } catch (error) {
      notice(errorText(error, t), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={download}
      data-testid="store-export"
    >
      {t('closing.export')}
    </Button>
  );
}

/**
 * Settings → General, the owner's last card (decision 023): download the store's data, and close
 * the store — after seeing what is still going on, with the password.
 */
export function CloseStoreCard({ market, timeZone }: { market: MarketView; timeZone: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="close-store-title"
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="close-store-title">
          {t('closing.card.title')}
        </Title>
        <Text size="sm">{t('closing.card.text')}</Text>
        <Group gap="sm">
          <ExportButton market={market} />
          <Button
            color="red"
            variant="light"
            leftSection={<IconArchive size={16} aria-hidden />}
            onClick={() => setOpened(true)}
            data-testid="close-store-open"
          >
            {t('closing.card.close', { store: market.name })}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('closing.dialog.title', { store: market.name })}
        centered
        size="lg"
        data-testid="close-store-dialog"
      >
        {opened && <CloseStoreForm market={market} timeZone={timeZone} onDone={() => setOpened(false)} />}
      </Modal>
    </Paper>
  );
}

function CloseStoreForm({ market, timeZone, onDone }: { market: MarketView; timeZone: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const summary = useQuery(summaryQuery(market.id));
  const form = useForm({ initialValues: { password: '' }, validate: localizedResolver(closeWithPasswordSchema, t) });
  const { busy, onSubmit } = useApiSubmit(form, async ({ password }) => {
    await api<MarketView>('POST', `/Market/close/${market.id}`, { password });
    notice(t('closing.closed', { store: market.name }));
    onDone();
    await queryClient.invalidateQueries({ queryKey: tags.store });
  });
  if (summary.isPending) return <Skeleton h={180} />;
  if (summary.isError) return <LoadError error={summary.error} onRetry={() => summary.refetch()} />;
  const s = summary.data;
  const money = s.balance.pending + s.balance.available + s.balance.inTransit;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('closing.dialog.what')}</Text>
        <List size="sm" spacing={4} data-testid="closing-summary">
          <List.Item data-testid="closing-open-orders">
            {s.openOrders === 0
              ? t('closing.dialog.noOpenOrders')
              : t('closing.dialog.openOrders', { count: s.openOrders, names: s.openOrderNames.join(', ') })}
          </List.Item>
          {money > 0 && <List.Item>{t('closing.dialog.money', { amount: formatMoney(money, language) })}</List.Item>}
          {s.domains > 0 && <List.Item>{t('closing.dialog.domains', { count: s.domains })}</List.Item>}
          {s.employees > 0 && <List.Item>{t('closing.dialog.employees', { count: s.employees })}</List.Item>}
          <List.Item>{t('closing.dialog.billing')}</List.Item>
        </List>
        <Alert color="blue" variant="light">
          {t('closing.dialog.kept', { date: formatDate(s.keptUntil, language, timeZone, t) })}
        </Alert>
        <Group>
          <ExportButton market={market} />
        </Group>
        <PasswordInput
          label={t('closing.password')}
          autoComplete="current-password"
          data-testid="close-store-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('closing.cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy} data-testid="close-store-confirm">
            {t('closing.card.close', { store: market.name })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * What the panel shows of a closed store, on every screen (decision 023): that it is closed and
 * until when it is kept, its data to download, and reopening it.
 */
export function ClosedStore({ market, timeZone }: { market: MarketView; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const reopen = useMutation({
    mutationFn: () => api<MarketView>('POST', `/Market/reopen/${market.id}`),
    onSuccess: async () => {
      notice(t('closing.reopened', { store: market.name }));
      await queryClient.invalidateQueries({ queryKey: tags.store });
    },
    onError: (error) => notice(errorText(error, t), 'error'),
  });
  const closedAt = market.closedAt ?? new Date().toISOString();
  const keptUntil = new Date(closedAt);
  keptUntil.setUTCFullYear(keptUntil.getUTCFullYear() + 2);
  return (
    <Paper withBorder radius="lg" p="xl" maw={720} data-testid="store-closed">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          {t('closing.closedTitle', { store: market.name })}
        </Title>
        <Text>
          {t('closing.closedText', {
            date: formatDate(closedAt, language, timeZone, t),
            until: formatDate(keptUntil.toISOString(), language, timeZone, t),
          })}
        </Text>
        <Group gap="sm">
          <Button
            leftSection={<IconLockOpen size={16} aria-hidden />}
            loading={reopen.isPending}
            onClick={() => reopen.mutate()}
            data-testid="store-reopen"
          >
            {t('closing.reopen')}
          </Button>
          <ExportButton market={market} />
        </Group>
      </Stack>
    </Paper>
  );
}
