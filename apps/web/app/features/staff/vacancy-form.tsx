import { Anchor, Grid, Group, NativeSelect, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  LANGUAGES,
  type Language,
  type SaveVacancyInput,
  type StaffVacancy,
  saveVacancySchema,
  VACANCY_LIMITS,
} from '@shop/shared';
import { IconExternalLink, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/display';
import { localizedResolver } from '../../lib/form';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { BackLink, FormActions } from '../../ui/panel';
import { useRootData } from '../../ui/preferences';
import { useRecordEditor } from '../../ui/record-editor';
import { RichTextField } from '../../ui/rich-text-editor';
import { UnsavedChangesGuard } from '../../ui/unsaved-changes-guard';
import { applicationsOf, VACANCIES_PATH, VacancyBadge, vacancyPath } from './vacancy-list';
import { useDeleteVacancy, useSaveVacancy } from './vacancy-queries';

// A type, not an interface: the resolver takes it as a plain record.
type VacancyValues = {
  language: Language;
  position: string;
  workHours: string;
  /** '' for none, as the field holds it. */
  location: string;
  description: string;
  published: boolean;
};

const valuesOf = (vacancy: StaffVacancy): VacancyValues => ({
  language: vacancy.language,
  position: vacancy.position,
  workHours: vacancy.workHours,
  location: vacancy.location ?? '',
  description: vacancy.description,
  published: vacancy.published,
});

const emptyValues = (language: Language): VacancyValues => ({
  language,
  position: '',
  workHours: '',
  location: '',
  description: '',
  published: false,
});

const toInput = (values: VacancyValues): SaveVacancyInput => ({ ...values, location: values.location.trim() || null });

/** Whether rich text has words in it, not just empty paragraphs (the server says "required" too). */
const hasText = (html: string) => html.replace(/<[^>]*>/g, '').trim() !== '';

interface VacancyFormProps {
  /** The saved vacancy; null for a new one. */
  vacancy: StaffVacancy | null;
  /** A new vacancy's language at first (the list's filter, else the interface's). */
  language?: Language;
  timeZone: string;
}

/**
 * A vacancy (issue 17), written in one language: the position, its hours, where, and what the job
 * is. Checked with the shared schema, the server's field errors shown at their fields; a draft
 * until it is published. Leaving with unsaved changes asks first. One that people applied to is
 * not deleted (the server refuses, and the dialog says why): it is taken off the site instead.
 */
export function VacancyForm({ vacancy, language, timeZone }: VacancyFormProps) {
  const { t } = useTranslation();
  const { language: interfaceLanguage } = useRootData();
  const navigate = useNavigate();
  const save = useSaveVacancy();
  const remove = useDeleteVacancy();

  const resolve = localizedResolver(saveVacancySchema, t);
  const form = useForm<VacancyValues>({
    initialValues: vacancy ? valuesOf(vacancy) : emptyValues(language ?? interfaceLanguage),
    validate: (values) => {
      const errors: Record<string, ReactNode> = resolve(toInput(values));
      if (!hasText(values.description)) errors.description ??= t('messages:required');
      return errors;
    },
  });

  const { formRef, submit, busy, isDirty, deletion, askDelete } = useRecordEditor({
    form,
    record: vacancy,
    valuesOf,
    save: (values) => save.mutateAsync({ id: vacancy?.id ?? null, input: toInput(values) }),
    savedText: (saved) =>
      t(saved.published ? 'hiring.vacancy.savedPublished' : 'hiring.vacancy.savedDraft', { position: saved.position }),
    pathOf: vacancyPath,
    remove,
    // VACANCY_HAS_APPLICATIONS shows in the dialog: the catalogue says to unpublish it instead.
    removed: (gone) => ({ text: t('hiring.vacancy.deleted', { position: gone.position }), to: VACANCIES_PATH }),
  });

  const values = form.getValues();

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="vacancy-form">
      <Stack gap="lg">
        <Stack gap={4}>
          <BackLink to={VACANCIES_PATH} label={t('hiring.vacancy.backToList')} testId="vacancy-back" />
          <Group justify="space-between" align="flex-end" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Title order={1} size="h2" data-testid="vacancy-form-title" style={{ overflowWrap: 'anywhere' }}>
                {vacancy ? vacancy.position : t('hiring.vacancy.new')}
              </Title>
              {vacancy && (
                <Group gap="xs" mt={4}>
                  <VacancyBadge published={vacancy.published} />
                  <Text size="sm" c="dimmed">
                    {vacancy.publishedAt
                      ? t('hiring.vacancy.postedUpdated', {
                          posted: formatDate(vacancy.publishedAt, interfaceLanguage, timeZone, t),
                          date: formatDateTime(vacancy.updatedAt, interfaceLanguage, timeZone, t),
                        })
                      : t('hiring.vacancy.updated', {
                          date: formatDateTime(vacancy.updatedAt, interfaceLanguage, timeZone, t),
                        })}
                  </Text>
                </Group>
              )}
            </div>
            {vacancy && (
              <Group gap="md">
                <Anchor component={Link} to={applicationsOf(vacancy)} size="sm" data-testid="vacancy-applications">
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconUsers size={14} aria-hidden />
                    {t('hiring.vacancy.applications', { count: vacancy.applications })}
                  </Group>
                </Anchor>
                {vacancy.published && (
                  <Anchor
                    href={`/apply/${vacancy.id}`}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    data-testid="vacancy-view"
                  >
                    <Group gap={4} wrap="nowrap" component="span">
                      {t('hiring.vacancy.view')}
                      <IconExternalLink size={14} aria-hidden />
                    </Group>
                  </Anchor>
                )}
              </Group>
            )}
          </Group>
        </Stack>

        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="lg" p="md">
              <Stack gap="md">
                <TextInput
                  label={t('hiring.vacancy.position')}
                  description={t('hiring.vacancy.positionHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  maxLength={VACANCY_LIMITS.position.max}
                  required
                  data-testid="vacancy-position"
                  {...form.getInputProps('position')}
                />
                <TextInput
                  label={t('hiring.vacancy.workHours')}
                  description={t('hiring.vacancy.workHoursHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  maxLength={VACANCY_LIMITS.workHours.max}
                  required
                  data-testid="vacancy-hours"
                  {...form.getInputProps('workHours')}
                />
                <TextInput
                  label={t('hiring.vacancy.location')}
                  description={t('hiring.vacancy.locationHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  maxLength={VACANCY_LIMITS.location}
                  data-testid="vacancy-location"
                  {...form.getInputProps('location')}
                />
                <RichTextField
                  label={t('hiring.vacancy.description')}
                  description={t('hiring.vacancy.descriptionHint')}
                  value={values.description}
                  onChange={(html) => form.setFieldValue('description', html)}
                  error={form.errors.description}
                  required
                  testId="vacancy-description"
                  minHeight={320}
                />
              </Stack>
            </Paper>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="lg" p="md">
              <Stack gap="md">
                <Switch
                  label={t('hiring.vacancy.published')}
                  description={t(values.published ? 'hiring.vacancy.publishedOn' : 'hiring.vacancy.publishedOff')}
                  data-testid="vacancy-published"
                  {...form.getInputProps('published', { type: 'checkbox' })}
                />
                <NativeSelect
                  label={t('hiring.vacancy.language')}
                  description={t('hiring.vacancy.languageHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  data={LANGUAGES.map((l) => ({ value: l, label: t(`staff.languages.${l}`) }))}
                  data-testid="vacancy-language"
                  {...form.getInputProps('language')}
                />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>

        <FormActions
          onDelete={askDelete}
          deleteLabel={t('hiring.vacancy.delete')}
          deleteTestId="vacancy-delete"
          onCancel={() => navigate(VACANCIES_PATH)}
          saving={busy}
          saveTestId="vacancy-save"
        />
      </Stack>

      <UnsavedChangesGuard dirty={isDirty} />
      <ConfirmDelete
        {...deletion}
        title={t('hiring.vacancy.deleteTitle')}
        text={t(vacancy?.published ? 'hiring.vacancy.deleteTextPublished' : 'hiring.vacancy.deleteText', {
          position: vacancy?.position ?? '',
        })}
      />
    </form>
  );
}
