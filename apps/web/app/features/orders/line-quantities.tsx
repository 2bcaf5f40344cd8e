import { NumberInput, Table, Text } from '@mantine/core';
import { formatMoney, type OrderDetailsLine } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../../ui/preferences';
import type { ActionErrors, Quantities } from './actions';
import { LineSummary } from './line-summary';
import { useActionErrorText } from './messages';

/**
 * The order's lines with how many units of each an action takes (fulfil: go out now; refund:
 * come back to stock), each up to `max` of the line; `withPrice` adds the unit price.
 */
export function LineQuantities({
  lines,
  max,
  quantities,
  onChange,
  errors,
  column,
  inputLabel,
  withPrice = false,
  testIds,
}: {
  lines: OrderDetailsLine[];
  max: (line: OrderDetailsLine) => number;
  quantities: Quantities;
  onChange: (lineId: string, quantity: number) => void;
  /** By line id. */
  errors: ActionErrors;
  column: string;
  inputLabel: (line: OrderDetailsLine) => string;
  withPrice?: boolean;
  testIds: { table: string; line: string; input: string };
}) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const errorOf = useActionErrorText();
  return (
    <Table verticalSpacing="sm" data-testid={testIds.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('orders.details.item')}</Table.Th>
          {withPrice && <Table.Th ta="right">{t('orders.details.price')}</Table.Th>}
          <Table.Th w={150}>{column}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => {
          const left = max(line);
          const error = errors[line.id];
          return (
            <Table.Tr key={line.id} data-testid={testIds.line} data-title={line.title}>
              <Table.Td>
                <LineSummary line={line} size={40} />
              </Table.Td>
              {withPrice && (
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatMoney(line.unitPrice, language)}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <NumberInput
                  aria-label={inputLabel(line)}
                  value={quantities[line.id] ?? 0}
                  onChange={(value) => onChange(line.id, typeof value === 'number' ? value : 0)}
                  min={0}
                  max={left}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  rightSection={
                    <Text size="xs" c="dimmed" pr="xs">
                      {t('orders.fulfil.of', { max: left })}
                    </Text>
                  }
                  rightSectionWidth={56}
                  error={error ? errorOf(error) : undefined}
                  data-testid={testIds.input}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
