import { Button, Grid, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type BundleTemplate, bundleFigures, discountInputSchema } from '@shop/shared';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useControlPanel } from '../../lib/control-panel';
import { intlTimeZone } from '../../lib/display';
import { errorText, fieldErrors, localizedResolver } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import {
  type BundlePicker,
  BundlePreview,
  BundleProductsField,
  BundleSteps,
  DealFields,
  LookFields,
} from './bundle-parts';
import {
  BUNDLE_STEP_ONE_PATH,
  BUNDLE_STEP_TWO_PATH,
  BUNDLES_PATH,
  type BundleDraft,
  bundleInputOf,
  clearDraft,
  type DealValues,
  dealErrors,
  dealOfDraft,
  defaultEnd,
  defaultLook,
  formErrors,
  type LookValues,
  numberOf,
  readDraft,
  SELECT_BUNDLE_PATH,
  timerOfValues,
  writeDraft,
} from './bundle-values';
import { fromPicker } from './picker-dates';
import { useSaveDiscount } from './queries';

const DEFAULT_PERCENT = 10;

/** The fields of step 1 whose errors step 2 can only tell about (they are changed on step 1). */
const DEAL_FIELDS = ['template', 'products', 'percent', 'endsAt'] as const;

/**
 * Step 1 of a new bundle (cp/create-bundle-1): its products (one to three of the store), the
 * discount and the end, beside a preview in the chosen look. "Next" keeps them in the draft.
 */
export function BundleStepOne({
  marketId,
  template,
  picker,
}: {
  marketId: string;
  /** From the address (cp/select-bundle's choice); else the draft's, else the classic look. */
  template: BundleTemplate | null;
  picker: BundlePicker;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft] = useState(() => readDraft(marketId));
  const form = useForm<DealValues>({
    initialValues: draft
      ? { ...dealOfDraft(draft), template: template ?? draft.template }
      : { template: template ?? 'classic', products: [], percent: DEFAULT_PERCENT, endsAt: defaultEnd() },
    validate: (values) => dealErrors(values, t),
  });
  const values = form.values;
  const percent = typeof values.percent === 'number' ? values.percent : 0;
  const look = draft?.look ?? defaultLook(t, values.template, percent);

  const next = form.onSubmit((deal) => {
    const chosenPercent = numberOf(deal.percent);
    let kept = draft?.look;
    // A title still as suggested follows the new percent.
    if (kept && draft && kept.title === t('bundles.defaults.title', { percent: draft.percent })) {
      kept = { ...kept, title: t('bundles.defaults.title', { percent: chosenPercent }) };
    }
    writeDraft({
      marketId,
      template: deal.template,
      products: deal.products,
      percent: chosenPercent,
      endsAt: fromPicker(deal.endsAt),
      look: kept,
    });
    void navigate(BUNDLE_STEP_TWO_PATH);
  });

  return (
    <form onSubmit={next} noValidate>
      <Stack gap="lg">
        <BundleSteps step={1} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
                <Group justify="space-between" gap="sm">
                  <Text size="sm">
                    {t('bundles.form.templateChosen', { name: t(`bundles.templates.${values.template}.name`) })}
                  </Text>
                  <Button component={Link} to={SELECT_BUNDLE_PATH} variant="subtle" size="compact-sm">
                    {t('bundles.form.changeTemplate')}
                  </Button>
                </Group>
              </Paper>
              <BundleProductsField
                products={values.products}
                onChange={(products) => form.setFieldValue('products', products)}
                picker={picker}
                error={form.errors.products}
              />
              <DealFields percent={form.getInputProps('percent')} endsAt={form.getInputProps('endsAt')} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <BundlePreview
              template={values.template}
              colour={look.colour}
              headerTitle={look.headerTitle}
              title={look.title}
              footerText={look.footerText}
              buttonText={look.buttonText}
              percent={percent}
              figures={bundleFigures(values.products, percent)}
              highlight={look.highlight}
              endsAt={fromPicker(values.endsAt)}
              timer={timerOfValues(look.timer)}
            />
          </Grid.Col>
        </Grid>
        <Group justify="space-between">
          <Button
            component={Link}
            to={SELECT_BUNDLE_PATH}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('bundles.form.back')}
          </Button>
          <Button type="submit" rightSection={<IconArrowRight size={16} aria-hidden />} data-testid="bundle-next">
            {t('bundles.form.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Step 2 of a new bundle (cp/create-bundle-2): its texts and looks beside the live preview, then
 * POST /Discount. Opened without a draft (another tab, a saved one), it sends the merchant to step 1.
 */
export function BundleStepTwo({ marketId }: { marketId: string }) {
  const [draft] = useState(() => readDraft(marketId));
  if (!draft) return <Navigate to={BUNDLE_STEP_ONE_PATH} replace />;
  return <StepTwoForm marketId={marketId} draft={draft} />;
}

function StepTwoForm({ marketId, draft }: { marketId: string; draft: BundleDraft }) {
  const { t, i18n } = useTranslation();
  const { user } = useControlPanel();
  const notice = useNotice();
  const navigate = useNavigate();
  const save = useSaveDiscount();
  const resolve = localizedResolver(discountInputSchema, t);
  const deal = useMemo(() => dealOfDraft(draft), [draft]);
  const form = useForm<LookValues>({
    initialValues: draft.look ?? defaultLook(t, draft.template, draft.percent),
    validate: (values) => {
      const errors = formErrors(resolve(bundleInputOf(marketId, deal, values)));
      if (!errors.endsAt && Date.parse(draft.endsAt) <= Date.now()) errors.endsAt = t('messages:endDateInPast');
      return errors;
    },
    // A reload keeps what was typed.
    onValuesChange: (look) => writeDraft({ ...draft, look }),
  });
  const values = form.values;
  const figures = bundleFigures(draft.products, draft.percent);
  const dealProblems = DEAL_FIELDS.map((field) => form.errors[field]).filter(Boolean);
  const ends = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: intlTimeZone(user.timeZone),
  }).format(new Date(draft.endsAt));

  const submit = form.onSubmit((look) => {
    save.mutate(
      { input: bundleInputOf(marketId, deal, look) },
      {
        onSuccess: (saved) => {
          clearDraft();
          notice(t('bundles.form.created', { name: saved.kind === 'bundle' ? saved.name : look.name }));
          void navigate(BUNDLES_PATH);
        },
        onError: (error) => {
          const fields = formErrors(fieldErrors(error, t));
          form.setErrors(fields);
          if (Object.keys(fields).length === 0) notice(errorText(error, t), 'error');
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <BundleSteps step={2} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Paper
                withBorder
                radius="lg"
                p={{ base: 'md', sm: 'lg' }}
                component="section"
                aria-labelledby="bundle-summary-title"
                data-testid="bundle-summary"
              >
                <Stack gap="xs">
                  <Group justify="space-between" gap="sm">
                    <Title order={2} size="h4" id="bundle-summary-title">
                      {t('bundles.summary.title')}
                    </Title>
                    <Button component={Link} to={BUNDLE_STEP_ONE_PATH} variant="subtle" size="compact-sm">
                      {t('bundles.summary.change')}
                    </Button>
                  </Group>
                  <Text size="sm">
                    {t('bundles.form.templateChosen', { name: t(`bundles.templates.${draft.template}.name`) })}
                  </Text>
                  <List size="sm" spacing={2}>
                    {draft.products.map((p) => (
                      <List.Item key={p.id}>{p.title}</List.Item>
                    ))}
                  </List>
                  <Text size="sm">{t('bundles.summary.deal', { percent: draft.percent, ends })}</Text>
                  {dealProblems.map((problem) => (
                    <Text key={String(problem)} size="sm" c="red.8" role="alert">
                      {problem}
                    </Text>
                  ))}
                </Stack>
              </Paper>
              <LookFields
                input={(field) => form.getInputProps(field)}
                timer={timerOfValues(values.timer)}
                highlight={form.getInputProps('highlight', { type: 'checkbox' })}
                active={values.active}
                onActive={(active) => form.setFieldValue('active', active)}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <BundlePreview
              template={draft.template}
              colour={values.colour}
              headerTitle={values.headerTitle}
              title={values.title}
              footerText={values.footerText}
              buttonText={values.buttonText}
              percent={draft.percent}
              figures={figures}
              highlight={values.highlight}
              endsAt={draft.endsAt}
              timer={timerOfValues(values.timer)}
            />
          </Grid.Col>
        </Grid>
        <Group justify="space-between">
          <Button
            component={Link}
            to={BUNDLE_STEP_ONE_PATH}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            data-testid="bundle-back"
          >
            {t('bundles.form.back')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="bundle-save">
            {t('bundles.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
