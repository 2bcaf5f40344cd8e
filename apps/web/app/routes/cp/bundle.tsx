import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { BundleView } from '@shop/shared';
import { IconBoxMultiple, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SELECT_BUNDLE_PATH } from '../../features/discounts/bundle-values';
import { bundlesQuery, useDeleteDiscount } from '../../features/discounts/queries';
import { DiscountStatusBadge } from '../../features/discounts/status-badge';
import { useControlPanel } from '../../lib/control-panel';
import { intlTimeZone } from '../../lib/display';
import { panelTitle } from '../../lib/panel-title';
import { ConfirmDelete, useDeleteTarget } from '../../ui/confirm-delete';
import { useNotice } from '../../ui/notice';
import { EmptyState, PageHeader, Thumb } from '../../ui/panel';
import { useMoney } from '../../ui/price';
import type { Route } from './+types/bundle';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.bundles');

/** The store's bundles (SPEC §2 cp/bundle): each with its discount, products, end and status; deleted from here. */
export default function Bundles() {
  const { t, i18n } = useTranslation();
  const { market, user } = useControlPanel();
  const bundles = useQuery(bundlesQuery(market.id));
  const remove = useDeleteDiscount();
  const deletion = useDeleteTarget<BundleView>();
  const notice = useNotice();
  const money = useMoney();
  // The bundle asked about stays named while the dialog closes.
  const asked = useRef<BundleView | null>(null);
  if (deletion.target) asked.current = deletion.target;

  const ends = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: intlTimeZone(user.timeZone),
    });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.language, user.timeZone]);

  const confirmDelete = () => {
    const bundle = deletion.target;
    if (!bundle) return;
    remove.mutate(bundle.id, {
      onSuccess: () => {
        deletion.close();
        notice(t('bundles.deleted', { name: bundle.name }));
      },
      onError: () => deletion.fail(t('messages:BUNDLE_DELETE_FAILED')),
    });
  };

  const createButton = (
    <Button
      component={Link}
      to={SELECT_BUNDLE_PATH}
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="create-bundle"
    >
      {t('bundles.create')}
    </Button>
  );

  let body: ReactNode;
  if (bundles.isPending) {
    body = <Skeleton h={200} radius="lg" aria-busy="true" aria-label={t('common.loading')} />;
  } else if (bundles.isError) {
    body = (
      <Paper withBorder radius="lg" p="xl" role="alert" data-testid="load-error">
        <Stack align="center" gap="sm">
          <Text c="red.8" fw={600}>
            {t('messages:BUNDLES_LOAD_FAILED')}
          </Text>
          <Button variant="light" onClick={() => void bundles.refetch()}>
            {t('catalog.common.retry')}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (bundles.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconBoxMultiple size={28} aria-hidden />}
        title={t('bundles.empty.title')}
        text={t('bundles.empty.text')}
        action={createButton}
        testId="bundles-empty"
      />
    );
  } else {
    body = (
      <Paper withBorder radius="lg" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="bundles-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bundles.columns.name')}</Table.Th>
              <Table.Th>{t('bundles.columns.products')}</Table.Th>
              <Table.Th>{t('bundles.columns.percent')}</Table.Th>
              <Table.Th>{t('bundles.columns.price')}</Table.Th>
              <Table.Th>{t('bundles.columns.endsAt')}</Table.Th>
              <Table.Th>{t('bundles.columns.status')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('bundles.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bundles.data.map((bundle) => (
              <Table.Tr key={bundle.id} data-testid="bundle-row" data-name={bundle.name}>
                <Table.Td>
                  <Text
                    component={Link}
                    to={`/cp/edit-bundle/${bundle.marketId}/${bundle.id}`}
                    fw={600}
                    c="inherit"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {bundle.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`bundles.templates.${bundle.template}.name`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Group gap={4} wrap="nowrap" aria-hidden>
                      {bundle.products.map((p) => (
                        <Thumb key={p.id} url={p.imageUrl} size={32} />
                      ))}
                    </Group>
                    <Text size="sm" data-testid="bundle-row-count">
                      {t('catalog.common.productCount', { count: bundle.products.length })}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td data-testid="bundle-row-percent">
                  {t('bundles.block.badge', { percent: bundle.percent })}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} data-testid="bundle-row-price">
                    {money(bundle.bundlePrice)}
                  </Text>
                  {bundle.price !== bundle.bundlePrice && (
                    <Text size="xs" c="dimmed" td="line-through">
                      <VisuallyHidden>{t('bundles.block.regularPrice')}: </VisuallyHidden>
                      {money(bundle.price)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{ends(bundle.endsAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <DiscountStatusBadge status={bundle.status} />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t('bundles.delete')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => deletion.ask(bundle)}
                      aria-label={t('bundles.deleteNamed', { name: bundle.name })}
                      data-testid="bundle-row-delete"
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('bundles.title')}
        subtitle={t('bundles.subtitle')}
        actions={bundles.data?.length ? createButton : undefined}
        testId="bundles-title"
      />
      {body}
      <ConfirmDelete
        opened={deletion.target !== null}
        title={t('bundles.deleteTitle')}
        text={t('bundles.deleteText', { name: asked.current?.name ?? '' })}
        error={deletion.error}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </Stack>
  );
}
