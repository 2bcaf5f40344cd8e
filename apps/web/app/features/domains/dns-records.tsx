import { ActionIcon, CopyButton, em, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { DnsRecord, Domain } from '@shop/shared';
import { IconCheck, IconCircleCheck, IconCircleDashed, IconCircleX, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The DNS records a merchant creates at their domain's provider: first the one pointing the name
 * at the store (a CNAME, or for a bare domain an A record instead), then the TXT that proves the
 * domain is theirs; each with what the last check found.
 */
export function DnsRecords({ domain }: { domain: Domain }) {
  const { t } = useTranslation();
  const pointing = domain.records.filter((record) => record.type !== 'TXT');
  const proof = domain.records.filter((record) => record.type === 'TXT');
  const checked = domain.lastCheckedAt !== null;
  return (
    <Stack gap="md" data-testid="domain-records">
      <Text size="sm">{t('domains.records.intro')}</Text>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('domains.records.point')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('domains.records.pointHint')}
        </Text>
        <RecordList records={pointing} checked={checked} />
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('domains.records.prove')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('domains.records.proveHint')}
        </Text>
        <RecordList records={proof} checked={checked} />
      </Stack>
      <Text size="xs" c="dimmed">
        {t('domains.records.hostHint')}
      </Text>
    </Stack>
  );
}

/** What a record is used for, in the merchant's words: CNAME for subdomains, A for the bare domain. */
function purposeOf(record: DnsRecord, t: (key: string) => string) {
  if (record.type === 'CNAME') return t('domains.records.cnameUse');
  if (record.type === 'A') return t('domains.records.aUse');
  return t('domains.records.txtUse');
}

/** A table on a wide screen; on a phone each record is a block, its long value on a line of its own. */
function RecordList({ records, checked }: { records: DnsRecord[]; checked: boolean }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(`(max-width: ${em(767)})`, false, { getInitialValueInEffect: false });
  if (narrow) {
    return (
      <Stack gap="xs">
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            {t('domains.records.status')}:
          </Text>
          <Found found={records.some((record) => record.found)} checked={checked} />
        </Group>
        {records.map((record) => (
          <Paper
            key={`${record.type}-${record.value}`}
            withBorder
            radius="md"
            p="sm"
            data-testid="domain-record"
            data-type={record.type}
            data-found={checked ? String(record.found) : 'unknown'}
          >
            <Text fw={700} size="sm" mb={4}>
              {record.type}{' '}
              <Text span size="xs" c="dimmed" fw={400}>
                {purposeOf(record, t)}
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {t('domains.records.host')}
            </Text>
            <Copyable value={record.host} testId="domain-record-host" />
            <Text size="xs" c="dimmed" mt={4}>
              {t('domains.records.value')}
            </Text>
            <Copyable value={record.value} testId="domain-record-value" />
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table withTableBorder verticalSpacing="xs" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={150}>{t('domains.records.type')}</Table.Th>
          <Table.Th>{t('domains.records.host')}</Table.Th>
          <Table.Th>{t('domains.records.value')}</Table.Th>
          <Table.Th w={130}>{t('domains.records.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((record, index) => (
          <Table.Tr
            key={`${record.type}-${record.value}`}
            data-testid="domain-record"
            data-type={record.type}
            data-found={checked ? String(record.found) : 'unknown'}
          >
            <Table.Td>
              <Text fw={700} size="sm">
                {record.type}
              </Text>
              <Text size="xs" c="dimmed">
                {purposeOf(record, t)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Copyable value={record.host} testId="domain-record-host" />
            </Table.Td>
            <Table.Td>
              <Copyable value={record.value} testId="domain-record-value" />
            </Table.Td>
            {/* A group is one finding (pointed at us or not, proven or not): its status spans its rows. */}
            {index === 0 && (
              <Table.Td rowSpan={records.length}>
                <Found found={record.found} checked={checked} />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A value to type at the provider, with a button that copies it exactly. */
function Copyable({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid={testId}>
        {value}
      </Text>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('domains.records.copied') : t('domains.records.copy')} withArrow>
            <ActionIcon
              variant={copied ? 'light' : 'subtle'}
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={t('domains.records.copyValue', { value })}
              style={{ flex: 'none' }}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** What the last check found of a record; nothing to say before the first check. */
function Found({ found, checked }: { found: boolean; checked: boolean }) {
  const { t } = useTranslation();
  if (!checked) {
    return (
      <Group gap={4} wrap="nowrap" c="dimmed" data-testid="domain-record-found">
        <IconCircleDashed size={18} aria-hidden />
        <Text size="sm">{t('domains.records.notChecked')}</Text>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" c={found ? 'teal.8' : 'red.8'} data-testid="domain-record-found">
      {found ? <IconCircleCheck size={18} aria-hidden /> : <IconCircleX size={18} aria-hidden />}
      <Text size="sm">{t(found ? 'domains.records.found' : 'domains.records.missing')}</Text>
    </Group>
  );
}
