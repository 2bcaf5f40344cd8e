import { Accordion, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { isBlankHtml, type Policy, type PolicyType } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/display';
import { LoadError } from '../../ui/panel';
import { UnsavedChangesGuard } from '../../ui/unsaved-changes-guard';
import { PolicyForm } from './policy-form';
import { policiesQuery } from './queries';

interface PoliciesPageProps {
  marketId: string;
  marketName: string;
  user: { email: string; phone: string | null; timeZone: string };
}

/**
 * The store's five policies (SPEC §2 cp/policies): each says whether shoppers see it and when it
 * was last saved, and opens into its own form. A policy's unsaved edits stay while another one is
 * open (its line says so), and leaving the page with any of them unsaved asks first.
 */
export function PoliciesPage({ marketId, marketName, user }: PoliciesPageProps) {
  const { t } = useTranslation();
  const policies = useQuery(policiesQuery(marketId));
  const [open, setOpen] = useState<string | null>(null);
  const [dirty, setDirty] = useState<Partial<Record<PolicyType, boolean>>>({});
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const anyDirty = useCallback(() => Object.values(dirtyRef.current).some(Boolean), []);
  const markDirty = useCallback(
    (type: PolicyType, value: boolean) =>
      setDirty((prev) => (Boolean(prev[type]) === value ? prev : { ...prev, [type]: value })),
    [],
  );

  if (policies.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} h={72} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (policies.isError) return <LoadError error={policies.error} onRetry={() => policies.refetch()} />;

  return (
    <>
      <Accordion variant="separated" radius="lg" value={open} onChange={setOpen} data-testid="policies">
        {policies.data.map((policy) => (
          <Accordion.Item
            key={policy.type}
            value={policy.type}
            data-testid={`policy-${policy.type}`}
            data-shown={String(!isBlankHtml(policy.content))}
          >
            <Accordion.Control data-testid={`policy-${policy.type}-open`}>
              <PolicySummary policy={policy} unsaved={Boolean(dirty[policy.type])} timeZone={user.timeZone} />
            </Accordion.Control>
            <Accordion.Panel>
              <PolicyForm
                marketId={marketId}
                marketName={marketName}
                policy={policy}
                contact={{ email: user.email, phone: user.phone }}
                onDirtyChange={markDirty}
              />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <UnsavedChangesGuard dirty={anyDirty} />
    </>
  );
}

/** A policy's line: its kind, when it was saved, and whether shoppers see it. */
function PolicySummary({ policy, unsaved, timeZone }: { policy: Policy; unsaved: boolean; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const shown = !isBlankHtml(policy.content);
  return (
    <Group justify="space-between" gap="xs" pr="xs">
      <div style={{ minWidth: 0 }}>
        <Text fw={600}>{t(`policies.types.${policy.type}`)}</Text>
        <Text size="xs" c="dimmed" data-testid="policy-saved-at">
          {policy.updatedAt
            ? t('policies.savedAt', { date: formatDateTime(policy.updatedAt, i18n.language, timeZone, t) })
            : t('policies.neverSaved')}
        </Text>
      </div>
      <Group gap={6}>
        {unsaved && (
          <Badge variant="light" color="yellow" data-testid="policy-unsaved">
            {t('policies.status.unsaved')}
          </Badge>
        )}
        <Badge variant="light" color={shown ? 'green' : 'gray'} data-testid="policy-status">
          {t(shown ? 'policies.status.shown' : 'policies.status.hidden')}
        </Badge>
      </Group>
    </Group>
  );
}
