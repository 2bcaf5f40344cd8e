import {
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { BANK_DETAILS_FIELDS, type BankDetails, saveBankDetailsSchema } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/display';
import { errorText, localizedResolver, useApiSubmit } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { bankDetailsQuery, useSaveBankDetails } from './queries';

// The fields are the API's names (server field errors land on them as they are).
const FIELDS = BANK_DETAILS_FIELDS;
type Field = (typeof FIELDS)[number];
type BankValues = Record<Field | 'password', string>;

const valuesOf = (details: BankDetails): BankValues => ({
  ...(Object.fromEntries(FIELDS.map((field) => [field, details?.[field] ?? ''])) as Record<Field, string>),
  password: '',
});

/** Bank details: loads the current version, then the form. */
export function BankDetailsCard({ marketId, email, timeZone }: { marketId: string; email: string; timeZone: string }) {
  const { t } = useTranslation();
  const details = useQuery(bankDetailsQuery(marketId));
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="bank-details-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="bank-details-title">
            {t('payouts.bank.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('payouts.bank.subtitle')}
          </Text>
        </div>
        {details.isPending ? (
          <Skeleton h={360} radius="md" aria-busy="true" aria-label={t('common.loading')} />
        ) : details.isError ? (
          <Text c="red.8" role="alert" data-testid="bank-details-error">
            {errorText(details.error, t)}
          </Text>
        ) : (
          <BankDetailsForm marketId={marketId} saved={details.data} email={email} timeZone={timeZone} />
        )}
      </Stack>
    </Paper>
  );
}

function BankDetailsForm({
  marketId,
  saved,
  email,
  timeZone,
}: {
  marketId: string;
  saved: BankDetails;
  email: string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const save = useSaveBankDetails(marketId);
  const resolve = localizedResolver(saveBankDetailsSchema, t);
  const form = useForm<BankValues>({
    initialValues: valuesOf(saved),
    validateInputOnBlur: [...FIELDS],
    validate: (values) => resolve(values),
  });
  const { busy, onSubmit } = useApiSubmit(form, async (values) => {
    const next = await save.mutateAsync(values);
    // The details as kept (no spaces, capitals) become the form's, and the password is gone.
    form.setValues(valuesOf(next));
    form.resetDirty(valuesOf(next));
    notice(next?.id === saved?.id ? t('payouts.bank.unchanged') : t('payouts.bank.saved', { email }));
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="bank-details-form">
      <Stack gap="md">
        {saved && (
          <Text size="sm" data-testid="bank-details-saved-at">
            {t('payouts.bank.savedAt', { date: formatDate(saved.savedAt, i18n.language, timeZone, t) })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`payouts.bank.fields.${field}.label`)}
              description={t(`payouts.bank.fields.${field}.help`)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder={t(`payouts.bank.fields.${field}.placeholder`)}
              autoComplete="off"
              spellCheck={false}
              required
              data-testid={`bank-${field}`}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        <PasswordInput
          label={t('payouts.bank.password.label')}
          description={t('payouts.bank.password.help')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="current-password"
          required
          maw={360}
          data-testid="bank-password"
          {...form.getInputProps('password')}
        />
        <Group>
          <Button type="submit" loading={busy} data-testid="bank-save">
            {t('payouts.bank.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
