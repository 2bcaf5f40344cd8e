import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createDomainSchema, DOMAINS_PER_MARKET, type Domain } from '@shop/shared';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { fieldErrors, localizedResolver, useApiSubmit } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { useAddDomain } from './queries';

/**
 * The form that adds a domain: one field, the name only. What is wrong with it is said at the
 * field — as typed (a scheme, a path, an address) before sending, and the server's answer
 * (another store has it, it is the platform's own) after.
 */
export function AddDomain({
  marketId,
  count,
  onAdded,
}: {
  marketId: string;
  /** Domains the store has: at DOMAINS_PER_MARKET the form says so instead of failing. */
  count: number;
  onAdded: (domain: Domain) => void;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const add = useAddDomain(marketId);
  const resolve = localizedResolver(createDomainSchema, t);
  const form = useForm({ initialValues: { name: '' }, validate: (values) => resolve(values) });
  const full = count >= DOMAINS_PER_MARKET;

  const { busy, onSubmit } = useApiSubmit(
    form,
    async (values) => {
      const domain = await add.mutateAsync({ name: values.name });
      form.reset();
      notice(t('domains.add.added', { name: domain.displayName }));
      onAdded(domain);
    },
    // A refusal about the name is said once, at the field; anything else as a notice.
    (error) => {
      if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return false;
      form.setErrors(fieldErrors(error, t));
      return true;
    },
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="add-domain-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-domain-title">
            {t('domains.add.title')}
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('domains.add.label')}
              description={t('domains.add.hint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder="shop.example.az"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              disabled={full}
              style={{ flex: '1 1 280px' }}
              data-testid="domain-input"
              {...form.getInputProps('name')}
            />
            {/* Level with the input, below its label. */}
            <Button
              type="submit"
              loading={busy}
              disabled={full}
              leftSection={<IconPlus size={16} aria-hidden />}
              mt={{ base: 0, xs: 25 }}
              data-testid="domain-add"
            >
              {t('domains.add.submit')}
            </Button>
          </Group>
          {full && (
            <Text size="sm" c="dimmed" data-testid="domain-limit">
              {t('messages:DOMAIN_LIMIT')}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
