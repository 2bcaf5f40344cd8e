import { Grid, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BUNDLE_TEMPLATES, type BundleTemplate, type BundleView, discountInputSchema } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrors, localizedResolver } from '../../lib/form';
import { ConfirmDelete, useDeleteTarget } from '../../ui/confirm-delete';
import { useNotice } from '../../ui/notice';
import { FormActions } from '../../ui/panel';
import { type BundlePicker, BundlePreview, BundleProductsField, DealFields, LookFields } from './bundle-parts';
import {
  BUNDLES_PATH,
  bundleInputOf,
  type DealValues,
  dealErrors,
  dealOf,
  formErrors,
  type LookValues,
  lookOf,
  previewFigures,
  timerOfValues,
} from './bundle-values';
import { fromPicker } from './picker-dates';
import { useDeleteDiscount, useSaveDiscount } from './queries';

type BundleValues = DealValues & LookValues;

/**
 * A bundle on one page (cp/edit-bundle/{marketId}/{id}): its look, products, discount, end,
 * texts and countdown beside the live preview; saved through PUT /Discount/{id}, or deleted.
 */
export function BundleEditForm({
  marketId,
  bundle,
  picker,
}: {
  marketId: string;
  bundle: BundleView;
  picker: BundlePicker;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const navigate = useNavigate();
  const save = useSaveDiscount();
  const remove = useDeleteDiscount();
  const deletion = useDeleteTarget<true>();
  const resolve = localizedResolver(discountInputSchema, t);
  const initial: BundleValues = { ...dealOf(bundle), ...lookOf(bundle) };
  const form = useForm<BundleValues>({
    initialValues: initial,
    validate: (values) => ({
      ...formErrors(resolve(bundleInputOf(marketId, values, values))),
      // An ended bundle may be edited without moving its end (decision 018).
      ...dealErrors(values, t, initial.endsAt),
    }),
  });
  const values = form.values;
  const percent = typeof values.percent === 'number' ? values.percent : 0;

  const submit = form.onSubmit((edited) => {
    save.mutate(
      { id: bundle.id, input: bundleInputOf(marketId, edited, edited) },
      {
        onSuccess: (saved) => {
          notice(t('bundles.form.updated', { name: saved.kind === 'bundle' ? saved.name : edited.name }));
          void navigate(BUNDLES_PATH);
        },
        onError: (error) => {
          const fields = formErrors(fieldErrors(error, t));
          form.setErrors(fields);
          if (Object.keys(fields).length === 0) notice(t('messages:BUNDLE_UPDATE_FAILED'), 'error');
        },
      },
    );
  });

  const confirmDelete = () => {
    remove.mutate(bundle.id, {
      onSuccess: () => {
        notice(t('bundles.deleted', { name: bundle.name }));
        void navigate(BUNDLES_PATH);
      },
      onError: () => deletion.fail(t('messages:BUNDLE_DELETE_FAILED')),
    });
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Paper
                withBorder
                radius="lg"
                p={{ base: 'md', sm: 'xl' }}
                component="section"
                aria-labelledby="bundle-template-title"
              >
                <Stack gap="sm">
                  <Title order={2} size="h4" id="bundle-template-title">
                    {t('bundles.form.template')}
                  </Title>
                  <SegmentedControl
                    fullWidth
                    value={values.template}
                    onChange={(template) => form.setFieldValue('template', template as BundleTemplate)}
                    data={BUNDLE_TEMPLATES.map((template) => ({
                      value: template,
                      label: t(`bundles.templates.${template}.name`),
                    }))}
                    aria-labelledby="bundle-template-title"
                    data-testid="bundle-template"
                  />
                  <Text size="xs" c="dimmed">
                    {t(`bundles.templates.${values.template}.text`)}
                  </Text>
                </Stack>
              </Paper>
              <BundleProductsField
                products={values.products}
                onChange={(products) => form.setFieldValue('products', products)}
                picker={picker}
                error={form.errors.products}
              />
              <DealFields percent={form.getInputProps('percent')} endsAt={form.getInputProps('endsAt')} />
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
              template={values.template}
              colour={values.colour}
              headerTitle={values.headerTitle}
              title={values.title}
              footerText={values.footerText}
              buttonText={values.buttonText}
              percent={percent}
              figures={previewFigures(values.products, percent, bundle)}
              highlight={values.highlight}
              endsAt={fromPicker(values.endsAt)}
              timer={timerOfValues(values.timer)}
            />
          </Grid.Col>
        </Grid>
        <FormActions
          onDelete={() => deletion.ask(true)}
          deleteLabel={t('bundles.delete')}
          deleteTestId="bundle-delete"
          onCancel={() => void navigate(BUNDLES_PATH)}
          saving={save.isPending}
          saveTestId="bundle-save"
        />
      </form>
      <ConfirmDelete
        opened={deletion.target !== null}
        title={t('bundles.deleteTitle')}
        text={t('bundles.deleteText', { name: bundle.name })}
        error={deletion.error}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </>
  );
}
