import { Grid, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CategoryView, createCategorySchema, type Status } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText, fieldErrors, localizedResolver } from '../../lib/form';
import { ConfirmDelete, useDeleteTarget } from '../../ui/confirm-delete';
import { ImageUpload } from '../../ui/image-upload';
import { useNotice } from '../../ui/notice';
import { FormActions, StatusField } from '../../ui/panel';
import { useDeleteCategory, useSaveCategory } from './queries';
import { useUnsavedChanges } from './unsaved-changes';

type CategoryValues = {
  name: string;
  description: string;
  imageUrl: string | null;
  status: Status;
};

const DESCRIPTION_MAX = 2000;
export const CATEGORIES_PATH = '/cp/categories';

const valuesOf = (category?: CategoryView): CategoryValues => ({
  name: category?.name ?? '',
  description: category?.description ?? '',
  imageUrl: category?.imageUrl ?? null,
  status: category?.status ?? 'active',
});

/**
 * A category (SPEC §3: name, description, image, status), new or existing → POST /Category/create
 * or PUT /Category/update. The shared schema checks it as the server will; what only the
 * server knows (a name already in use) comes back at its field.
 */
export function CategoryForm({ marketId, category }: { marketId: string; category?: CategoryView }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const navigate = useNavigate();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const deletion = useDeleteTarget<true>();
  const resolve = localizedResolver(createCategorySchema, t);
  const form = useForm<CategoryValues>({
    initialValues: valuesOf(category),
    validate: (values) => resolve({ marketId, ...values }),
  });
  const guard = useUnsavedChanges(form.isDirty() && !save.isSuccess);

  const submit = form.onSubmit((values) => {
    const input = {
      marketId,
      name: values.name.trim(),
      description: values.description.trim(),
      imageUrl: values.imageUrl,
      status: values.status,
    };
    save.mutate(category ? { ...input, id: category.id } : input, {
      onSuccess: (saved) => {
        notice(
          t(category ? 'catalog.categories.form.updated' : 'catalog.categories.form.created', { name: saved.name }),
        );
        guard.release();
        void navigate(CATEGORIES_PATH);
      },
      onError: (error) => {
        const fields = fieldErrors(error, t);
        form.setErrors(fields);
        if (Object.keys(fields).length === 0) notice(errorText(error, t), 'error');
      },
    });
  });

  const confirmDelete = () => {
    if (!category) return;
    remove.mutate(
      { marketId, id: category.id },
      {
        onSuccess: () => {
          notice(t('catalog.categories.deleted', { name: category.name }));
          guard.release();
          void navigate(CATEGORIES_PATH);
        },
        onError: (error) => deletion.fail(errorText(error, t)),
      },
    );
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="lg">
                <TextInput
                  label={t('catalog.categories.form.name')}
                  placeholder={t('catalog.categories.form.namePlaceholder')}
                  required
                  maxLength={100}
                  data-testid="category-name"
                  {...form.getInputProps('name')}
                />
                <div>
                  <Textarea
                    label={t('catalog.categories.form.description')}
                    description={t('catalog.categories.form.descriptionHint')}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    autosize
                    minRows={4}
                    maxRows={12}
                    data-testid="category-description"
                    {...form.getInputProps('description')}
                  />
                  <Text
                    size="xs"
                    ta="right"
                    mt={4}
                    c={form.values.description.length > DESCRIPTION_MAX ? 'red' : 'dimmed'}
                  >
                    {t('catalog.common.charCount', { count: form.values.description.length, max: DESCRIPTION_MAX })}
                  </Text>
                </div>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="lg">
                <StatusField
                  value={form.values.status}
                  onChange={(status) => form.setFieldValue('status', status)}
                  testId="category-status"
                />
                <ImageUpload
                  label={t('catalog.categories.form.image')}
                  description={t('catalog.categories.form.imageHint')}
                  value={form.values.imageUrl}
                  onChange={(url) => form.setFieldValue('imageUrl', url)}
                  testId="category-image"
                />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
        <FormActions
          onDelete={category ? () => deletion.ask(true) : undefined}
          deleteLabel={t('catalog.categories.delete')}
          deleteTestId="category-delete"
          onCancel={() => void navigate(CATEGORIES_PATH)}
          saving={save.isPending}
          saveTestId="category-save"
        />
      </form>
      {category && (
        <ConfirmDelete
          opened={deletion.target !== null}
          title={t('catalog.categories.deleteTitle')}
          text={t('catalog.categories.deleteText', { name: category.name })}
          error={deletion.error}
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onClose={deletion.close}
        />
      )}
      {guard.modal}
    </>
  );
}
