import { Button, Group, Paper, Skeleton, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type CodeView, formatMoney } from '@shop/shared';
import { IconPlus, IconTicket, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeModal, type CodeTarget } from '../../features/discounts/code-form';
import { codesQuery, useDeleteDiscount } from '../../features/discounts/queries';
import { DiscountStatusBadge } from '../../features/discounts/status-badge';
import { useControlPanel } from '../../lib/control-panel';
import { intlTimeZone } from '../../lib/display';
import { errorText } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { ConfirmDelete, useDeleteTarget } from '../../ui/confirm-delete';
import { useNotice } from '../../ui/notice';
import { EmptyState, LoadError, PageHeader } from '../../ui/panel';
import type { Route } from './+types/discount-codes';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.discountCodes');

/** The store's discount codes: what each takes off, from what subtotal, when, and how often it was used. */
export default function DiscountCodes() {
  const { t, i18n } = useTranslation();
  const { market, user } = useControlPanel();
  const notice = useNotice();
  const codes = useQuery(codesQuery(market.id));
  const remove = useDeleteDiscount();
  const deletion = useDeleteTarget<CodeView>();
  const [target, setTarget] = useState<CodeTarget>(null);

  const day = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: intlTimeZone(user.timeZone) }),
    [i18n.language, user.timeZone],
  );
  const period = (c: CodeView) => {
    if (c.startsAt && c.endsAt) return day.formatRange(new Date(c.startsAt), new Date(c.endsAt));
    if (c.endsAt) return t('codes.until', { date: day.format(new Date(c.endsAt)) });
    if (c.startsAt) return t('codes.from', { date: day.format(new Date(c.startsAt)) });
    return t('codes.always');
  };
  const value = (c: CodeView) =>
    c.valueType === 'percent' ? `${c.percent}%` : formatMoney(c.amountOff ?? 0, i18n.language);

  const addButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setTarget({ kind: 'new' })}
      data-testid="add-code"
    >
      {t('codes.add')}
    </Button>
  );

  const confirmDelete = () => {
    const code = deletion.target;
    if (!code) return;
    remove.mutate(code.id, {
      onSuccess: () => {
        notice(t('codes.deleted', { code: code.code }));
        deletion.close();
      },
      onError: (error) => deletion.fail(errorText(error, t)),
    });
  };

  let body: ReactNode;
  if (codes.isPending) {
    body = <Skeleton h={200} radius="lg" aria-busy="true" aria-label={t('common.loading')} />;
  } else if (codes.isError) {
    body = <LoadError error={codes.error} onRetry={() => void codes.refetch()} />;
  } else if (codes.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconTicket size={28} aria-hidden />}
        title={t('codes.empty.title')}
        text={t('codes.empty.text')}
        action={addButton}
        testId="codes-empty"
      />
    );
  } else {
    body = (
      <Paper withBorder radius="lg" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="codes-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('codes.columns.code')}</Table.Th>
              <Table.Th>{t('codes.columns.value')}</Table.Th>
              <Table.Th>{t('codes.columns.minSubtotal')}</Table.Th>
              <Table.Th>{t('codes.columns.used')}</Table.Th>
              <Table.Th>{t('codes.columns.when')}</Table.Th>
              <Table.Th>{t('codes.columns.status')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('catalog.common.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.data.map((code) => (
              <Table.Tr key={code.id} data-testid="code-row" data-code={code.code}>
                <Table.Td>
                  <UnstyledButton
                    onClick={() => setTarget({ kind: 'edit', code })}
                    fw={700}
                    ff="monospace"
                    aria-label={t('codes.editNamed', { code: code.code })}
                  >
                    {code.code}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td data-testid="code-value">{value(code)}</Table.Td>
                <Table.Td>{code.minSubtotal != null ? formatMoney(code.minSubtotal, i18n.language) : '—'}</Table.Td>
                <Table.Td data-testid="code-used">
                  {code.usageLimit != null
                    ? t('codes.usedOf', { used: code.used, limit: code.usageLimit })
                    : String(code.used)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{period(code)}</Text>
                </Table.Td>
                <Table.Td>
                  <DiscountStatusBadge status={code.status} />
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => deletion.ask(code)}
                      aria-label={t('codes.deleteNamed', { code: code.code })}
                      data-testid="code-delete"
                    >
                      {t('catalog.common.delete')}
                    </Button>
                  </Group>
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
        title={t('codes.title')}
        subtitle={t('codes.subtitle')}
        actions={codes.data?.length ? addButton : undefined}
        testId="codes-title"
      />
      {body}
      <CodeModal marketId={market.id} target={target} onClose={() => setTarget(null)} />
      <ConfirmDelete
        opened={deletion.target !== null}
        title={t('codes.deleteTitle')}
        text={deletion.target ? t('codes.deleteText', { code: deletion.target.code }) : ''}
        error={deletion.error}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </Stack>
  );
}
