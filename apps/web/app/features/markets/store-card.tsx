import { ActionIcon, CopyButton, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { MarketView } from '@shop/shared';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MarketLogo } from './market-logo';
import { useSectors } from './queries';
import { storeAddress, useOrigin } from './store-address';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </div>
  );
}

/** The store's identity: logo, name, sector, public address and when it was created. */
export function StoreCard({ market, created }: { market: MarketView; created: string }) {
  const { t } = useTranslation();
  const origin = useOrigin();
  const sectors = useSectors();
  const sector = sectors.data?.find((s) => s.id === market.sectorId);
  const address = storeAddress(origin, market.name);

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="store-card-title"
      data-testid="store-card"
    >
      <Group gap="md" mb="lg" wrap="nowrap">
        <MarketLogo market={market} size={64} />
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {t('cp.home.store.title')}
          </Text>
          <Title order={2} size="h3" id="store-card-title" style={{ overflowWrap: 'anywhere' }}>
            {market.name}
          </Title>
        </div>
      </Group>
      <Stack gap="sm">
        <Fact label={t('cp.home.store.sector')}>
          {sector ? (
            <Text size="sm">{sector.name}</Text>
          ) : sectors.isPending ? (
            <Skeleton h={14} w={160} mt={4} />
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )}
        </Fact>
        <Fact label={t('cp.home.store.address')}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="store-address">
              {address}
            </Text>
            <CopyButton value={address}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('cp.home.store.copied') : t('cp.home.store.copy')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'green' : 'gray'}
                    onClick={copy}
                    aria-label={t('cp.home.store.copy')}
                  >
                    {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Fact>
        <Fact label={t('cp.home.store.created')}>
          <Text size="sm">{created}</Text>
        </Fact>
      </Stack>
    </Paper>
  );
}
