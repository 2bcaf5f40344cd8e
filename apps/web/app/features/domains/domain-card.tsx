import {
  Alert,
  Anchor,
  Badge,
  Button,
  Collapse,
  Divider,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { Domain } from '@shop/shared';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronUp,
  IconCircleCheck,
  IconExternalLink,
  IconRefresh,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../lib/display';
import { errorText } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { DnsRecords } from './dns-records';
import { useCheckDomain, useUpdateDomain } from './queries';

/** Where a domain stands with DNS: found, still being looked for, or no longer looked for by itself. */
export type Verification = 'verified' | 'pending' | 'gaveUp';

export function verificationOf(domain: Domain): Verification {
  if (domain.verified) return 'verified';
  // The job looks for a week (DOMAIN_CHECK.giveUpAfterDays); then only "check now" does.
  return domain.nextCheckAt === null && domain.lastCheckedAt !== null ? 'gaveUp' : 'pending';
}

const VERIFICATION_COLOR: Record<Verification, string> = { verified: 'green', pending: 'yellow', gaveUp: 'orange' };

/** What "check now" answered, shown in the card until the next one. */
type CheckResult = { kind: 'verified' | 'missing' } | { kind: 'error'; text: string };

interface DomainCardProps {
  domain: Domain;
  marketId: string;
  timeZone: string;
  /** Just added: it comes into view with its records open. */
  justAdded: boolean;
  onDelete: (domain: Domain) => void;
}

/**
 * One custom domain (SPEC §2 Domains): its state, renewal and checks; the DNS records to create
 * while it is not verified, with "check now"; switched on and off, made primary, deleted.
 */
export function DomainCard({ domain, marketId, timeZone, justAdded, onDelete }: DomainCardProps) {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const update = useUpdateDomain(marketId);
  const check = useCheckDomain(marketId);
  const verification = verificationOf(domain);
  // Verified, but its records went missing at the last daily look: they are needed again.
  const lapsed = domain.verified && domain.missingSince !== null;
  // The records are what an unverified domain needs; a verified one keeps them a click away.
  const [recordsOpen, setRecordsOpen] = useState(!domain.verified || lapsed);
  const [result, setResult] = useState<CheckResult | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const name = domain.displayName;
  const titleId = `domain-${domain.id}-title`;

  useEffect(() => {
    if (justAdded) ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [justAdded]);

  // Found at last: the records have done their work and make room for the domain's state.
  const verified = domain.verified;
  useEffect(() => {
    if (verified) setRecordsOpen(false);
  }, [verified]);

  const date = (iso: string) => formatDate(iso, i18n.language, timeZone, t);
  const moment = (iso: string) => formatDateTime(iso, i18n.language, timeZone, t);

  const checkNow = () => {
    setResult(null);
    check.mutate(domain.id, {
      onSuccess: (checked) =>
        setResult({ kind: checked.verified && checked.missingSince === null ? 'verified' : 'missing' }),
      onError: (error) => setResult({ kind: 'error', text: errorText(error, t) }),
    });
  };

  const switchActive = (active: boolean) =>
    update.mutate(
      { id: domain.id, input: { active } },
      {
        onSuccess: () => notice(t(active ? 'domains.card.switchedOn' : 'domains.card.switchedOff', { name })),
        onError: (error) => notice(errorText(error, t), 'error'),
      },
    );

  const makePrimary = () =>
    update.mutate(
      { id: domain.id, input: { primary: true } },
      {
        onSuccess: () => notice(t('domains.card.madePrimary', { name })),
        onError: (error) => notice(errorText(error, t), 'error'),
      },
    );

  return (
    <Paper
      ref={ref}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={titleId}
      style={{ scrollMarginTop: 80 }}
      data-testid="domain-card"
      data-name={domain.name}
      data-verification={verification}
      data-active={String(domain.active)}
      data-primary={String(domain.primary)}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }} data-testid="domain-name">
              {name}
            </Title>
            {/* An internationalised name is kept in DNS in its punycode form: the records name that. */}
            {domain.name !== name && (
              <Text size="xs" c="dimmed" ff="monospace" data-testid="domain-punycode">
                {t('domains.card.punycode', { name: domain.name })}
              </Text>
            )}
          </div>
          <Group gap={6}>
            <Badge variant="light" color={VERIFICATION_COLOR[verification]} data-testid="domain-verification">
              {t(`domains.status.${verification}`)}
            </Badge>
            <Badge
              variant={domain.active ? 'light' : 'outline'}
              color={domain.active ? 'green' : 'gray'}
              data-testid="domain-active-status"
            >
              {t(domain.active ? 'domains.status.on' : 'domains.status.off')}
            </Badge>
            {domain.primary && (
              <Tooltip label={t('domains.card.primaryHint')} withArrow multiline w={260}>
                <Badge
                  variant="filled"
                  color="cyan"
                  leftSection={<IconStar size={12} aria-hidden />}
                  data-testid="domain-primary"
                >
                  {t('domains.status.primary')}
                </Badge>
              </Tooltip>
            )}
            <Tooltip label={t('domains.card.httpsHint')} withArrow multiline w={260} disabled={domain.sslEnabled}>
              <Badge
                variant={domain.sslEnabled ? 'light' : 'outline'}
                color={domain.sslEnabled ? 'teal' : 'gray'}
                data-testid="domain-https"
                data-on={String(domain.sslEnabled)}
              >
                {t(domain.sslEnabled ? 'domains.status.httpsOn' : 'domains.status.httpsOff')}
              </Badge>
            </Tooltip>
          </Group>
        </Group>

        <Stack gap={2}>
          <Text size="sm" data-testid="domain-renews">
            {t('domains.card.renews', { date: date(domain.renewsAt) })}
          </Text>
          {domain.verifiedAt && (
            <Text size="sm" c="dimmed">
              {t('domains.card.verifiedAt', { date: moment(domain.verifiedAt) })}
            </Text>
          )}
          {!domain.verified && (
            <Text size="sm" c="dimmed" data-testid="domain-checks">
              {domain.lastCheckedAt
                ? t('domains.card.lastChecked', { date: moment(domain.lastCheckedAt) })
                : t('domains.card.notChecked')}
              {domain.nextCheckAt && ` · ${t('domains.card.nextCheck', { date: moment(domain.nextCheckAt) })}`}
            </Text>
          )}
          {verification === 'gaveUp' && (
            <Text size="sm" c="orange.9">
              {t('domains.card.gaveUp')}
            </Text>
          )}
        </Stack>
        {lapsed && (
          <Alert
            variant="light"
            color="orange"
            p="sm"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            data-testid="domain-missing"
          >
            <Text size="sm">
              {t('domains.card.missing', {
                since: moment(domain.missingSince as string),
                date: moment(domain.stopsAt as string),
              })}
            </Text>
          </Alert>
        )}

        <div>
          <Button
            variant="subtle"
            size="compact-sm"
            px={0}
            onClick={() => setRecordsOpen((open) => !open)}
            rightSection={
              recordsOpen ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
            }
            aria-expanded={recordsOpen}
            data-testid="domain-records-toggle"
          >
            {t(recordsOpen ? 'domains.records.hide' : 'domains.records.show')}
          </Button>
          <Collapse in={recordsOpen} mt="sm">
            <DnsRecords domain={domain} />
          </Collapse>
        </div>

        {/* Once found, the button goes and the answer stays until the page is left. */}
        {(!domain.verified || lapsed || result) && (
          <Stack gap="xs">
            {!domain.verified && (
              <Alert variant="light" color="blue" p="sm" data-testid="domain-propagation">
                <Text size="sm">{t('domains.records.propagation')}</Text>
              </Alert>
            )}
            {(!domain.verified || lapsed) && (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  loading={check.isPending}
                  onClick={checkNow}
                  data-testid="domain-check"
                >
                  {t('domains.check.button')}
                </Button>
              </Group>
            )}
            {result && <CheckAnswer result={result} />}
          </Stack>
        )}

        <Divider />

        <Group justify="space-between" gap="sm">
          <Switch
            checked={domain.active}
            disabled={update.isPending}
            onChange={(event) => switchActive(event.currentTarget.checked)}
            label={t('domains.card.active')}
            description={t(
              `domains.card.activeHint.${!domain.active ? 'off' : domain.verified ? 'served' : 'waiting'}`,
            )}
            data-testid="domain-active"
          />
          <Group gap="xs">
            {domain.verified && domain.active && (
              <Anchor href={`https://${domain.name}`} target="_blank" rel="noopener noreferrer" size="sm" mr="xs">
                <Group gap={4} wrap="nowrap" component="span">
                  {t('domains.card.open')}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
            {domain.verified && domain.active && !domain.primary && (
              <Tooltip label={t('domains.card.primaryHint')} withArrow multiline w={260}>
                <Button
                  variant="default"
                  leftSection={<IconStar size={16} aria-hidden />}
                  loading={update.isPending && update.variables?.input.primary === true}
                  disabled={update.isPending}
                  onClick={makePrimary}
                  data-testid="domain-make-primary"
                >
                  {t('domains.card.makePrimary')}
                </Button>
              </Tooltip>
            )}
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onDelete(domain)}
              data-testid="domain-delete"
            >
              {t('domains.card.delete')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The answer of "check now": verified, records still missing, or why it could not ask (too often). */
function CheckAnswer({ result }: { result: CheckResult }) {
  const { t } = useTranslation();
  if (result.kind === 'error') {
    return (
      <Alert
        variant="light"
        color="red"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        role="alert"
        data-testid="domain-check-result"
        data-result="error"
      >
        {result.text}
      </Alert>
    );
  }
  const found = result.kind === 'verified';
  return (
    <Alert
      variant="light"
      color={found ? 'green' : 'yellow'}
      icon={found ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />}
      role="status"
      data-testid="domain-check-result"
      data-result={result.kind}
    >
      {t(found ? 'domains.check.verified' : 'domains.check.missing')}
    </Alert>
  );
}
