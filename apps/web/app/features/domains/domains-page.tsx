import { ActionIcon, Anchor, CopyButton, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Domain } from '@shop/shared';
import { IconCheck, IconCopy, IconExternalLink, IconWorldWww } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { ConfirmDelete, useDeleteTarget } from '../../ui/confirm-delete';
import { useNotice } from '../../ui/notice';
import { EmptyState, LoadError } from '../../ui/panel';
import { AddDomain } from './add-domain';
import { DomainCard } from './domain-card';
import { domainsQuery, useDeleteDomain } from './queries';

interface DomainsPageProps {
  marketId: string;
  /** The store's address on the platform ({origin}/{marketName}): it always works. */
  platformAddress: string;
  timeZone: string;
}

/**
 * The store's addresses (SPEC §2 cp/domains): the platform's, always there, and the merchant's own
 * domains — each connected by DNS records, checked, switched on and off, one of them primary.
 */
export function DomainsPage({ marketId, platformAddress, timeZone }: DomainsPageProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const domains = useQuery(domainsQuery(marketId));
  const remove = useDeleteDomain(marketId);
  const deletion = useDeleteTarget<Domain>();
  const [added, setAdded] = useState<string | null>(null);
  const toDelete = deletion.target;

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notice(t('domains.delete.deleted', { name: toDelete.displayName }));
        deletion.close();
      },
      onError: (error) => deletion.fail(errorText(error, t)),
    });
  };

  return (
    <Stack gap="lg">
      <PlatformAddress address={platformAddress} />
      {domains.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={120} radius="lg" />
          <Skeleton h={200} radius="lg" />
        </Stack>
      ) : domains.isError ? (
        <LoadError error={domains.error} onRetry={() => domains.refetch()} />
      ) : (
        <>
          <AddDomain marketId={marketId} count={domains.data.length} onAdded={(domain) => setAdded(domain.id)} />
          {domains.data.length === 0 ? (
            <EmptyState
              icon={<IconWorldWww size={30} aria-hidden />}
              title={t('domains.empty.title')}
              text={t('domains.empty.text')}
              testId="domains-empty"
            />
          ) : (
            <Stack gap="md" data-testid="domains">
              {domains.data.map((domain) => (
                <DomainCard
                  key={domain.id}
                  domain={domain}
                  marketId={marketId}
                  timeZone={timeZone}
                  justAdded={domain.id === added}
                  onDelete={deletion.ask}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      <ConfirmDelete
        opened={toDelete !== null}
        title={t('domains.delete.title', { name: toDelete?.displayName ?? '' })}
        text={t(toDelete?.verified && toDelete.active ? 'domains.delete.textServed' : 'domains.delete.text')}
        error={deletion.error}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </Stack>
  );
}

/** The address every store has on the platform, whatever its own domains do. */
function PlatformAddress({ address }: { address: string }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="platform-address-title"
    >
      <Title order={2} size="h4" id="platform-address-title">
        {t('domains.platform.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('domains.platform.text')}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Anchor
          href={address}
          target="_blank"
          rel="noopener noreferrer"
          ff="monospace"
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
          data-testid="platform-address"
        >
          {address}
        </Anchor>
        <IconExternalLink size={14} aria-hidden style={{ flex: 'none' }} />
        <CopyButton value={address} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('domains.platform.copied') : t('domains.platform.copy')} withArrow>
              <ActionIcon
                variant={copied ? 'light' : 'subtle'}
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('domains.platform.copy')}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}
