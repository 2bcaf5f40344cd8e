import { Badge, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CollectionView, catalogLimits, createCollectionSchema, type Status } from '@shop/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText, fieldErrors, localizedResolver } from '../../lib/form';
import { ConfirmDelete, useDeleteTarget } from '../../ui/confirm-delete';
import { ImageUpload } from '../../ui/image-upload';
import { useNotice } from '../../ui/notice';
import { FormActions, StatusField } from '../../ui/panel';
import { ChosenProducts } from './chosen-products';
import { type PickedProduct, ProductPicker } from './product-picker';
import { useDeleteCollection, useSaveCollection } from './queries';
import { useUnsavedChanges } from './unsaved-changes';

type CollectionValues = {
  title: string;
  description: string;
  coverImageUrl: string | null;
  status: Status;
  /** The products in their display order. */
  productIds: string[];
};

const DESCRIPTION_MAX = 2000;
export const COLLECTIONS_PATH = '/cp/collections';

const valuesOf = (collection?: CollectionView): CollectionValues => ({
  title: collection?.title ?? '',
  description: collection?.description ?? '',
  coverImageUrl: collection?.coverImageUrl ?? null,
  status: collection?.status ?? 'active',
  productIds: collection?.productIds ?? [],
});

interface CollectionFormProps {
  marketId: string;
  collection?: CollectionView;
  /** What is known of the collection's products (titles, pictures), by id. */
  members?: readonly PickedProduct[];
}

/**
 * A collection (SPEC §3: title, cover image, status, products; §5: the cover is required),
 * saved with its products in order through POST create-collection-and-product-collection or
 * PUT update-collection.
 */
export function CollectionForm({ marketId, collection, members = [] }: CollectionFormProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const navigate = useNavigate();
  const save = useSaveCollection();
  const remove = useDeleteCollection();
  const deletion = useDeleteTarget<true>();
  // Titles and pictures of every product chosen so far, from the collection or the search.
  const [known, setKnown] = useState(() => new Map(members.map((p) => [p.id, p])));
  const resolve = localizedResolver(createCollectionSchema, t);
  const form = useForm<CollectionValues>({
    initialValues: valuesOf(collection),
    validate: (values) => resolve({ marketId, ...values, coverImageUrl: values.coverImageUrl ?? '' }),
  });
  const guard = useUnsavedChanges(form.isDirty() && !save.isSuccess);
  const chosen = useMemo(() => new Set(form.values.productIds), [form.values.productIds]);

  const toggle = (product: PickedProduct) => {
    setKnown((map) => new Map(map).set(product.id, product));
    const ids = form.values.productIds;
    form.setFieldValue(
      'productIds',
      chosen.has(product.id) ? ids.filter((id) => id !== product.id) : [...ids, product.id],
    );
  };

  const submit = form.onSubmit((values) => {
    const input = {
      marketId,
      title: values.title.trim(),
      description: values.description.trim(),
      coverImageUrl: values.coverImageUrl ?? '',
      status: values.status,
      productIds: values.productIds,
    };
    save.mutate(collection ? { ...input, id: collection.id } : input, {
      onSuccess: (saved) => {
        notice(
          t(collection ? 'catalog.collections.form.updated' : 'catalog.collections.form.created', {
            title: saved.title,
          }),
        );
        guard.release();
        void navigate(COLLECTIONS_PATH);
      },
      onError: (error) => {
        const fields = fieldErrors(error, t);
        form.setErrors(fields);
        if (Object.keys(fields).length === 0) notice(errorText(error, t), 'error');
      },
    });
  });

  const confirmDelete = () => {
    if (!collection) return;
    remove.mutate(
      { marketId, id: collection.id },
      {
        onSuccess: () => {
          notice(t('catalog.collections.deleted', { title: collection.title }));
          guard.release();
          void navigate(COLLECTIONS_PATH);
        },
        onError: (error) => deletion.fail(errorText(error, t)),
      },
    );
  };

  const coverError = form.errors.coverImageUrl;
  const productsError = form.errors.productIds;
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
                <Stack gap="lg">
                  <TextInput
                    label={t('catalog.collections.form.title')}
                    placeholder={t('catalog.collections.form.titlePlaceholder')}
                    required
                    maxLength={catalogLimits.title}
                    data-testid="collection-title"
                    {...form.getInputProps('title')}
                  />
                  <div>
                    <Textarea
                      label={t('catalog.collections.form.description')}
                      description={t('catalog.collections.form.descriptionHint')}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      autosize
                      minRows={3}
                      maxRows={10}
                      data-testid="collection-description"
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
              <Paper
                withBorder
                radius="lg"
                p={{ base: 'md', sm: 'xl' }}
                component="section"
                aria-labelledby="collection-products-title"
              >
                <Stack gap="md">
                  <Group justify="space-between" gap="xs">
                    <Title order={2} size="h4" id="collection-products-title">
                      {t('catalog.collections.products.title')}
                    </Title>
                    <Badge variant="light" color="cyan" data-testid="collection-product-count">
                      {t('catalog.common.productCount', { count: form.values.productIds.length })}
                    </Badge>
                  </Group>
                  <ProductPicker marketId={marketId} chosen={chosen} onToggle={toggle} />
                  <div>
                    <Text size="sm" fw={500} mb={4}>
                      {t('catalog.collections.products.chosen')}
                    </Text>
                    {form.values.productIds.length > 1 && (
                      <Text size="xs" c="dimmed" mb="xs">
                        {t('catalog.collections.products.orderHint')}
                      </Text>
                    )}
                    <ChosenProducts
                      ids={form.values.productIds}
                      products={known}
                      onChange={(ids) => form.setFieldValue('productIds', ids)}
                    />
                    {productsError && (
                      <Text size="sm" c="red.8" mt={6} role="alert">
                        {productsError}
                      </Text>
                    )}
                  </div>
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="lg">
                <StatusField
                  value={form.values.status}
                  onChange={(status) => form.setFieldValue('status', status)}
                  testId="collection-status"
                />
                <div>
                  <ImageUpload
                    label={`${t('catalog.collections.form.cover')} *`}
                    description={t('catalog.collections.form.coverHint')}
                    value={form.values.coverImageUrl}
                    onChange={(url) => form.setFieldValue('coverImageUrl', url)}
                    testId="collection-cover"
                    error={coverError}
                  />
                </div>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
        <FormActions
          onDelete={collection ? () => deletion.ask(true) : undefined}
          deleteLabel={t('catalog.collections.delete')}
          deleteTestId="collection-delete"
          onCancel={() => void navigate(COLLECTIONS_PATH)}
          saving={save.isPending}
          saveTestId="collection-save"
        />
      </form>
      {collection && (
        <ConfirmDelete
          opened={deletion.target !== null}
          title={t('catalog.collections.deleteTitle')}
          text={t('catalog.collections.deleteText', { title: collection.title })}
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
