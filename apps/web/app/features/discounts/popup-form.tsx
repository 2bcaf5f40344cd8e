import '@mantine/dates/styles.css';
import 'dayjs/locale/az';
import 'dayjs/locale/ru';
import { Box, Grid, NumberInput, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { discountLimits, type PopupView } from '@shop/shared';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../lib/form';
import { ConfirmDelete, useDeleteTarget } from '../../ui/confirm-delete';
import { PopupCard } from '../../ui/discount-popup';
import { ImageUpload } from '../../ui/image-upload';
import { useNotice } from '../../ui/notice';
import { FormActions, StatusField } from '../../ui/panel';
import { useDiscountForm } from './discount-form';
import { fromPicker, pickerIn, toPicker } from './picker-dates';
import { useDeleteDiscount } from './queries';

export const POPUPS_PATH = '/cp/pop-up';

type PopupValues = {
  title: string;
  subtitle: string;
  percent: number | string;
  startsAt: string | null;
  endsAt: string | null;
  imageUrl: string | null;
  active: boolean;
};

function valuesOf(popup?: PopupView): PopupValues {
  if (popup) {
    return {
      title: popup.title,
      subtitle: popup.subtitle ?? '',
      percent: popup.percent,
      startsAt: toPicker(popup.startsAt),
      endsAt: toPicker(popup.endsAt),
      imageUrl: popup.imageUrl,
      active: popup.active,
    };
  }
  // A new offer starts now and runs a week, whole minutes.
  return {
    title: '',
    subtitle: '',
    percent: 10,
    startsAt: pickerIn(0),
    endsAt: pickerIn(7),
    imageUrl: null,
    active: true,
  };
}

/**
 * A pop-up (SPEC §3: title, subtitle, percent, start and end, optional image, active), saved
 * through POST or PUT /Discount, beside a live preview of what shoppers will see. One pop-up is
 * live at a time: an overlapping one is refused by the server, its message under the dates.
 */
export function PopupForm({ marketId, popup }: { marketId: string; popup?: PopupView }) {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const navigate = useNavigate();
  const remove = useDeleteDiscount();
  const deletion = useDeleteTarget<true>();
  const { form, submit, saving } = useDiscountForm<PopupValues>({
    id: popup?.id,
    initialValues: valuesOf(popup),
    inputOf: (values) => ({
      kind: 'popup',
      marketId,
      title: values.title,
      subtitle: values.subtitle.trim() || null,
      percent: typeof values.percent === 'number' ? values.percent : Number.NaN,
      startsAt: fromPicker(values.startsAt),
      endsAt: fromPicker(values.endsAt),
      imageUrl: values.imageUrl,
      active: values.active,
    }),
    onSaved: (saved) => {
      const title = saved.kind === 'popup' ? saved.title : '';
      notice(t(popup ? 'discounts.popups.form.updated' : 'discounts.popups.form.created', { title }));
      void navigate(POPUPS_PATH);
    },
  });

  const confirmDelete = () => {
    if (!popup) return;
    remove.mutate(popup.id, {
      onSuccess: () => {
        notice(t('discounts.popups.deleted', { title: popup.title }));
        void navigate(POPUPS_PATH);
      },
      onError: (error) => deletion.fail(errorText(error, t)),
    });
  };

  const percent = typeof form.values.percent === 'number' ? form.values.percent : 0;
  const dates = { locale: i18n.language, firstDayOfWeek: 1 as const };
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="lg">
                <TextInput
                  label={t('discounts.popups.form.title')}
                  placeholder={t('discounts.popups.form.titlePlaceholder')}
                  required
                  maxLength={discountLimits.title}
                  data-testid="popup-title"
                  {...form.getInputProps('title')}
                />
                <Textarea
                  label={t('discounts.popups.form.subtitle')}
                  placeholder={t('discounts.popups.form.subtitlePlaceholder')}
                  autosize
                  minRows={2}
                  maxLength={discountLimits.text}
                  data-testid="popup-subtitle"
                  {...form.getInputProps('subtitle')}
                />
                <NumberInput
                  label={t('discounts.popups.form.percent')}
                  description={t('discounts.popups.form.percentHint')}
                  required
                  min={1}
                  max={99}
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  suffix=" %"
                  w={{ base: '100%', xs: 200 }}
                  data-testid="popup-percent"
                  {...form.getInputProps('percent')}
                />
                <DatesProvider settings={dates}>
                  <Grid gutter="md">
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <DateTimePicker
                        label={t('discounts.popups.form.startsAt')}
                        required
                        valueFormat="D MMM YYYY, HH:mm"
                        leftSection={<IconCalendar size={16} aria-hidden />}
                        data-testid="popup-starts"
                        {...form.getInputProps('startsAt')}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <DateTimePicker
                        label={t('discounts.popups.form.endsAt')}
                        required
                        valueFormat="D MMM YYYY, HH:mm"
                        leftSection={<IconCalendar size={16} aria-hidden />}
                        data-testid="popup-ends"
                        {...form.getInputProps('endsAt')}
                      />
                    </Grid.Col>
                  </Grid>
                </DatesProvider>
                <Text size="xs" c="dimmed">
                  {t('discounts.popups.form.oneAtATime')}
                </Text>
                <ImageUpload
                  label={t('discounts.popups.form.image')}
                  description={t('discounts.popups.form.imageHint')}
                  value={form.values.imageUrl}
                  onChange={(url) => form.setFieldValue('imageUrl', url)}
                  testId="popup-image"
                  error={form.errors.imageUrl}
                />
                <StatusField
                  value={form.values.active ? 'active' : 'passive'}
                  onChange={(status) => form.setFieldValue('active', status === 'active')}
                  testId="popup-status"
                />
                <Text size="xs" c="dimmed" data-testid="popup-stacking">
                  {t('discounts.popups.form.stacking')}
                </Text>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="popup-preview-title"
            >
              <Stack gap="sm">
                <Title order={2} size="h4" id="popup-preview-title">
                  {t('discounts.popups.preview.title')}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('discounts.popups.preview.hint')}
                </Text>
                {/* As the store shows it over a dimmed page; inert: a picture of the dialog, not one. */}
                <Box
                  inert
                  p="lg"
                  style={{
                    display: 'grid',
                    placeItems: 'center',
                    borderRadius: 12,
                    background: 'rgb(15 23 42 / 0.55)',
                  }}
                  data-testid="popup-preview"
                >
                  <PopupCard
                    title={form.values.title.trim() || t('discounts.popups.form.titlePlaceholder')}
                    subtitle={form.values.subtitle.trim() || null}
                    image={form.values.imageUrl}
                    texts={{
                      badge: t('discounts.popups.card.badge', { percent }),
                      accept: t('discounts.popups.card.accept', { percent }),
                      dismiss: t('discounts.popups.card.dismiss'),
                      close: t('discounts.popups.card.close'),
                    }}
                  />
                </Box>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
        <FormActions
          onDelete={popup ? () => deletion.ask(true) : undefined}
          deleteLabel={t('discounts.popups.delete')}
          deleteTestId="popup-delete"
          onCancel={() => void navigate(POPUPS_PATH)}
          saving={saving}
          saveTestId="popup-save"
        />
      </form>
      {popup && (
        <ConfirmDelete
          opened={deletion.target !== null}
          title={t('discounts.popups.deleteTitle')}
          text={t('discounts.popups.deleteText', { title: popup.title })}
          error={deletion.error}
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onClose={deletion.close}
        />
      )}
    </>
  );
}
