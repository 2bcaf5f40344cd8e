import { Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ADJUSTMENT_MAX, ADJUSTMENT_REASON, createAdjustmentSchema, parseMoney, type StaffMarket } from '@shop/shared';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { errorText, localizedResolver, useApiSubmit } from '../../lib/form';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useNotice } from '../../ui/notice';
import { useRootData } from '../../ui/preferences';
import { amountColor, signedMoney } from './format';
import { useCreateAdjustment } from './queries';

type Direction = 'credit' | 'debit';
type AdjustmentValues = {
  direction: Direction;
  /** Manat, as typed: "12.50", "12,5". */
  amount: string;
  reason: string;
};

/** The form's rules: an amount above zero and within the API's limit, and the API's own rule for the reason. */
const adjustmentFormSchema = z.object({
  amount: z.string().refine((text) => {
    const minor = parseMoney(text);
    return minor !== null && minor > 0 && minor <= ADJUSTMENT_MAX;
  }, 'invalidAmount'),
  reason: createAdjustmentSchema.shape.reason,
});

/**
 * A random (version 4) UUID from getRandomValues, which, unlike crypto.randomUUID, pages served over
 * plain http from another address have too.
 */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The qəpik the API takes: negative for a debit. */
const signedAmount = (values: AdjustmentValues) =>
  (values.direction === 'credit' ? 1 : -1) * (parseMoney(values.amount) ?? 0);

/**
 * Adds an adjustment to a store's available balance → POST /Staff/markets/{id}/adjustments, after
 * a dialog that repeats the store, the signed amount and the reason: the owner is e-mailed at once
 * and an adjustment stays (a mistake is corrected by another).
 */
export function AdjustmentForm({ market }: { market: StaffMarket }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const notice = useNotice();
  const create = useCreateAdjustment(market.id);
  // One id per adjustment as sent: the same amount and reason sent again (a second click, a retry
  // after a lost answer) are the same request, which the server makes once; edited, they are a new
  // one. A success starts afresh.
  const sent = useRef<{ key: string; id: string } | null>(null);
  const requestIdOf = (values: AdjustmentValues) => {
    const key = `${signedAmount(values)}|${values.reason.trim()}`;
    if (sent.current?.key !== key) sent.current = { key, id: newRequestId() };
    return sent.current.id;
  };
  const [reviewing, setReviewing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const resolve = localizedResolver(adjustmentFormSchema, t);
  const form = useForm<AdjustmentValues>({
    initialValues: { direction: 'credit', amount: '', reason: '' },
    validateInputOnBlur: ['amount', 'reason'],
    validate: (values) => resolve(values),
  });

  const { busy, onSubmit: send } = useApiSubmit(
    form,
    async (values) => {
      const requestId = requestIdOf(values);
      const adjustment = await create.mutateAsync({ amount: signedAmount(values), reason: values.reason, requestId });
      setReviewing(false);
      sent.current = null;
      form.reset();
      notice(t('staff.form.done', { amount: signedMoney(adjustment.amount, language) }));
    },
    (error) => {
      // Refused fields are shown at the fields, so the dialog gets out of their way; any other
      // refusal stays in the dialog, where sending again is the same request.
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setReviewing(false);
        return false;
      }
      setFailure(errorText(error, t));
      return true;
    },
  );

  const review = form.onSubmit(() => {
    setFailure(null);
    setReviewing(true);
  });

  const { values } = form;
  const credit = values.direction === 'credit';
  const reasonLength = values.reason.trim().length;
  const amount = signedAmount(values);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="adjustment-title">
      <form onSubmit={review} noValidate data-testid="adjustment-form">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="adjustment-title">
              {t('staff.form.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('staff.form.subtitle')}
            </Text>
          </div>
          <Stack gap={6}>
            <Text size="sm" fw={500} id="adjustment-direction-label">
              {t('staff.form.direction')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="adjustment-direction-label"
              color={credit ? 'green' : 'red'}
              data={[
                { value: 'credit', label: t('staff.form.credit') },
                { value: 'debit', label: t('staff.form.debit') },
              ]}
              data-testid="adjustment-direction"
              value={form.values.direction}
              onChange={(direction) => form.setFieldValue('direction', direction as Direction)}
            />
            <Text size="xs" c="dimmed">
              {t(credit ? 'staff.form.creditHint' : 'staff.form.debitHint')}
            </Text>
          </Stack>
          <TextInput
            label={t('staff.form.amount')}
            description={t('staff.form.amountHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            maw={240}
            required
            rightSection={
              <Text size="xs" c="dimmed">
                AZN
              </Text>
            }
            rightSectionWidth={44}
            data-testid="adjustment-amount"
            {...form.getInputProps('amount')}
          />
          <Stack gap={4}>
            <Textarea
              label={t('staff.form.reason')}
              description={t('staff.form.reasonHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={ADJUSTMENT_REASON.max}
              required
              data-testid="adjustment-reason"
              {...form.getInputProps('reason')}
            />
            <Text
              size="xs"
              c={reasonLength < ADJUSTMENT_REASON.min ? 'dimmed' : 'green.8'}
              ta="right"
              data-testid="adjustment-reason-count"
            >
              {t('staff.form.count', { length: reasonLength, min: ADJUSTMENT_REASON.min, max: ADJUSTMENT_REASON.max })}
            </Text>
          </Stack>
          <Group>
            <Button type="submit" data-testid="adjustment-review">
              {t('staff.form.review')}
            </Button>
          </Group>
        </Stack>
      </form>

      <ConfirmDialog
        opened={reviewing}
        title={t('staff.form.confirm.title')}
        error={failure}
        pending={busy}
        confirmLabel={t('staff.form.confirm.submit')}
        color={credit ? 'cyan' : 'red'}
        onConfirm={() => send()}
        onClose={() => !busy && setReviewing(false)}
        testId="adjustment-dialog"
      >
        <Stack gap="sm">
          <Summary label={t('staff.form.confirm.store')} testId="adjustment-dialog-store">
            {market.name}
          </Summary>
          <Summary label={t('staff.form.confirm.amount')} testId="adjustment-dialog-amount">
            <Text span fw={700} c={amountColor(amount)}>
              {signedMoney(amount, language)}
            </Text>{' '}
            {t(credit ? 'staff.form.confirm.credit' : 'staff.form.confirm.debit')}
          </Summary>
          <Summary label={t('staff.form.confirm.reason')} testId="adjustment-dialog-reason">
            {values.reason.trim()}
          </Summary>
          <Text size="sm" c="dimmed">
            {t('staff.form.confirm.mail', { email: market.ownerEmail })}
          </Text>
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}

function Summary({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}
