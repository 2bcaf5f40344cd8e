import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  em,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { commerceLimits, formatMoney, type Language, type ShippingTariff } from '@shop/shared';
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { ConfirmDelete, useDeleteTarget } from '../../ui/confirm-delete';
import { useNotice } from '../../ui/notice';
import { EmptyState, LoadError } from '../../ui/panel';
import { tariffUpdate } from './form-values';
import { shippingTariffsQuery, useDeleteTariff, useToggleTariff } from './queries';
import { conditionSummary, daysSummary, zoneSummary } from './summary';
import { TariffModal, type TariffTarget } from './tariff-form';

/**
 * The store's delivery rates (SPEC §2 Shipping and delivery): what each costs, for which orders,
 * where it delivers and how fast; switched on and off in place, added and edited in a dialog.
 */
export function ShippingRates({ marketId }: { marketId: string }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const rates = useQuery(shippingTariffsQuery(marketId));
  const toggle = useToggleTariff();
  const remove = useDeleteTariff();
  const deletion = useDeleteTarget<ShippingTariff>();
  const [editing, setEditing] = useState<TariffTarget>(null);
  const toDelete = deletion.target;
  const full = (rates.data?.length ?? 0) >= commerceLimits.tariffs;
  // A table of seven columns doesn't fit a phone: there each rate is a card.
  const narrow = useMediaQuery(`(max-width: ${em(767)})`, false, { getInitialValueInEffect: false });

  const addButton = (
    <Tooltip label={t('messages:tariffLimit')} disabled={!full} withArrow>
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => setEditing({ kind: 'new' })}
        disabled={full}
        data-testid="add-tariff"
      >
        {t('shipping.rates.add')}
      </Button>
    </Tooltip>
  );

  const switchRate = (tariff: ShippingTariff, active: boolean) => {
    toggle.mutate(tariffUpdate(tariff, { active }), {
      onSuccess: () =>
        notice(t(active ? 'shipping.rates.switchedOn' : 'shipping.rates.switchedOff', { name: tariff.name })),
      onError: (error) => notice(errorText(error, t), 'error'),
    });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { marketId: toDelete.marketId, id: toDelete.id },
      {
        onSuccess: () => {
          notice(t('shipping.rates.deleted', { name: toDelete.name }));
          deletion.close();
        },
        onError: (error) => deletion.fail(errorText(error, t)),
      },
    );
  };

  const rowProps = (tariff: ShippingTariff): RateActions => ({
    pending: toggle.isPending && toggle.variables?.id === tariff.id,
    onEdit: () => setEditing({ kind: 'edit', tariff }),
    onDelete: () => deletion.ask(tariff),
    onToggle: (active) => switchRate(tariff, active),
  });

  let body: ReactNode;
  if (rates.isPending) {
    body = (
      <Paper withBorder radius="lg" p="md" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={44} my="sm" />
        ))}
      </Paper>
    );
  } else if (rates.isError) {
    body = <LoadError error={rates.error} onRetry={() => void rates.refetch()} />;
  } else if (rates.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconTruckDelivery size={28} aria-hidden />}
        title={t('shipping.rates.empty.title')}
        text={t('shipping.rates.empty.text')}
        action={addButton}
        testId="tariffs-empty"
      />
    );
  } else {
    const noneActive = rates.data.every((r) => !r.active);
    body = (
      <Stack gap="md">
        {noneActive && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            data-testid="tariffs-none-active"
          >
            {t('shipping.rates.noneActive')}
          </Alert>
        )}
        {narrow ? (
          <Stack gap="sm" data-testid="tariffs-cards">
            {rates.data.map((tariff) => (
              <RateCard key={tariff.id} tariff={tariff} {...rowProps(tariff)} />
            ))}
          </Stack>
        ) : (
          <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="tariffs-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('shipping.rates.columns.name')}</Table.Th>
                    <Table.Th>{t('shipping.rates.columns.zone')}</Table.Th>
                    <Table.Th>{t('shipping.rates.columns.condition')}</Table.Th>
                    <Table.Th>{t('shipping.rates.columns.delivery')}</Table.Th>
                    <Table.Th ta="right">{t('shipping.rates.columns.price')}</Table.Th>
                    <Table.Th>{t('shipping.rates.columns.active')}</Table.Th>
                    <Table.Th w={96}>
                      <VisuallyHidden>{t('catalog.common.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rates.data.map((tariff) => (
                    <RateRow key={tariff.id} tariff={tariff} {...rowProps(tariff)} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} size="h4">
            {t('shipping.rates.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {rates.data?.length
              ? t('shipping.rates.count', { count: rates.data.length, max: commerceLimits.tariffs })
              : t('shipping.rates.subtitle')}
          </Text>
        </div>
        {rates.data?.length ? addButton : null}
      </Group>
      {body}
      <TariffModal
        marketId={marketId}
        target={editing}
        onClose={() => setEditing(null)}
        onDelete={(tariff) => {
          setEditing(null);
          deletion.ask(tariff);
        }}
      />
      <ConfirmDelete
        opened={toDelete !== null}
        title={t('shipping.rates.deleteTitle')}
        text={toDelete ? t('shipping.rates.deleteText', { name: toDelete.name }) : ''}
        error={deletion.error}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </Stack>
  );
}

interface RateActions {
  /** Its switch is being saved. */
  pending: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: (active: boolean) => void;
}

/** What the list says about one rate, in the interface language. */
function useRateSummary(tariff: ShippingTariff) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return {
    zone: zoneSummary(tariff.regions, language, t),
    condition: conditionSummary(tariff, language, t),
    days: daysSummary(tariff.minDays, tariff.maxDays, t),
    price:
      tariff.isFree || tariff.price === 0 ? (
        <Text size="sm" fw={600} c="green.8" span>
          {t('shipping.rates.free')}
        </Text>
      ) : (
        <Text size="sm" fw={600} span>
          {formatMoney(tariff.price, language)}
        </Text>
      ),
  };
}

function RateName({ tariff, onEdit }: { tariff: ShippingTariff; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ minWidth: 0 }}>
      <Anchor
        component="button"
        type="button"
        fw={600}
        c="inherit"
        ta="left"
        onClick={onEdit}
        style={{ overflowWrap: 'anywhere' }}
      >
        {tariff.name}
      </Anchor>
      {tariff.description && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {tariff.description}
        </Text>
      )}
      {tariff.fulfilmentLocation && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {t('shipping.rates.shipsFrom', { location: tariff.fulfilmentLocation })}
        </Text>
      )}
    </div>
  );
}

function RateSwitch({
  tariff,
  pending,
  onToggle,
}: { tariff: ShippingTariff } & Pick<RateActions, 'pending' | 'onToggle'>) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={tariff.active}
      disabled={pending}
      onChange={(event) => onToggle(event.currentTarget.checked)}
      aria-label={t('shipping.rates.activeNamed', { name: tariff.name })}
      data-testid="tariff-active-toggle"
    />
  );
}

function RateButtons({
  tariff,
  onEdit,
  onDelete,
}: { tariff: ShippingTariff } & Pick<RateActions, 'onEdit' | 'onDelete'>) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t('catalog.common.edit')} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onEdit}
          aria-label={t('shipping.rates.editNamed', { name: tariff.name })}
          data-testid="tariff-edit"
        >
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('catalog.common.delete')} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onDelete}
          aria-label={t('shipping.rates.deleteNamed', { name: tariff.name })}
          data-testid="tariff-delete"
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function ZoneText({ zone }: { zone: ReturnType<typeof zoneSummary> }) {
  return (
    <Tooltip label={zone.all} disabled={!zone.all} multiline w={320} withArrow>
      <Text size="sm" span>
        {zone.text}
      </Text>
    </Tooltip>
  );
}

function RateRow({ tariff, ...actions }: { tariff: ShippingTariff } & RateActions) {
  const summary = useRateSummary(tariff);
  return (
    <Table.Tr
      data-testid="tariff-row"
      data-name={tariff.name}
      data-active={tariff.active}
      style={tariff.active ? undefined : { opacity: 0.75 }}
    >
      <Table.Td maw={280}>
        <RateName tariff={tariff} onEdit={actions.onEdit} />
      </Table.Td>
      <Table.Td data-testid="tariff-zone" maw={240}>
        <ZoneText zone={summary.zone} />
      </Table.Td>
      <Table.Td data-testid="tariff-condition">
        <Text size="sm">{summary.condition}</Text>
      </Table.Td>
      <Table.Td data-testid="tariff-days">
        <Text size="sm" c={summary.days ? undefined : 'dimmed'}>
          {summary.days ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td ta="right" data-testid="tariff-price" style={{ whiteSpace: 'nowrap' }}>
        {summary.price}
      </Table.Td>
      <Table.Td>
        <RateSwitch tariff={tariff} {...actions} />
      </Table.Td>
      <Table.Td>
        <RateButtons tariff={tariff} {...actions} />
      </Table.Td>
    </Table.Tr>
  );
}

/** One rate on a narrow screen: the same facts, stacked. */
function RateCard({ tariff, ...actions }: { tariff: ShippingTariff } & RateActions) {
  const { t } = useTranslation();
  const summary = useRateSummary(tariff);
  const fact = (label: string, value: ReactNode, testId: string) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" w={110} style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ minWidth: 0 }}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      data-testid="tariff-row"
      data-name={tariff.name}
      data-active={tariff.active}
      style={tariff.active ? undefined : { opacity: 0.75 }}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <RateName tariff={tariff} onEdit={actions.onEdit} />
          <div data-testid="tariff-price" style={{ whiteSpace: 'nowrap' }}>
            {summary.price}
          </div>
        </Group>
        {fact(t('shipping.rates.columns.zone'), summary.zone.all ?? summary.zone.text, 'tariff-zone')}
        {fact(t('shipping.rates.columns.condition'), summary.condition, 'tariff-condition')}
        {fact(t('shipping.rates.columns.delivery'), summary.days ?? '—', 'tariff-days')}
        <Group justify="space-between" mt={4}>
          <Group gap="xs">
            <RateSwitch tariff={tariff} {...actions} />
            <Text size="sm">{t('shipping.rates.columns.active')}</Text>
          </Group>
          <RateButtons tariff={tariff} {...actions} />
        </Group>
      </Stack>
    </Paper>
  );
}
