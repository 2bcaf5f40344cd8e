import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { catalogLimits, createProductSchema, type ProductView, STATUSES } from '@shop/shared';
import { IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText, fieldErrors, localizedResolver, showFirstError } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { RichTextField } from '../../ui/rich-text-editor';
import { UnsavedChangesGuard } from '../../ui/unsaved-changes-guard';
import { emptyValues, type ProductValues, toProductInput, valuesOf } from './form-values';
import { ImageGallery } from './image-gallery';
import { useCategories, useCreateProduct, useDeleteProduct, useUpdateProduct } from './queries';
import { heldHint, MoneyInput, VariantEditor } from './variant-editor';

interface ProductFormProps {
  marketId: string;
  /** The saved product when editing; none when adding. */
  product?: ProductView;
}

/**
 * Adding and editing a product (SPEC §3 Product, §5 rules): checked in the browser with the
 * shared schema, every message at its field in the interface language, and the server's field
 * errors shown the same way. Leaving with unsaved changes asks first.
 */
export function ProductForm({ marketId, product }: ProductFormProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const categories = useCategories(marketId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  /** Set just before a save or delete moves away, so that the guard lets it go. */
  const leaving = useRef(false);

  const resolve = localizedResolver(createProductSchema, t);
  const form = useForm<ProductValues>({
    initialValues: product ? valuesOf(product) : emptyValues(),
    validate: (values) => {
      const errors: Record<string, ReactNode> = resolve(toProductInput(values, marketId));
      // The schema's rules across fields run only once every field parses; the SKU rule is
      // checked here as well, so that all messages show at once.
      if (values.hasSku) {
        const require = (path: string, value: string, key: 'skuRequired' | 'barcodeRequired') => {
          if (!value.trim()) errors[path] ??= t(`messages:${key}`);
        };
        if (values.options.length === 0) {
          require('sku', values.sku, 'skuRequired');
          require('barcode', values.barcode, 'barcodeRequired');
        } else {
          values.variants.forEach((v, i) => {
            require(`variants.${i}.sku`, v.sku, 'skuRequired');
            require(`variants.${i}.barcode`, v.barcode, 'barcodeRequired');
          });
        }
      }
      return errors;
    },
  });

  const dirtyRef = useRef(false);
  dirtyRef.current = form.isDirty();
  const isDirty = useCallback(() => !leaving.current && dirtyRef.current, []);

  const saving = create.isPending || update.isPending;
  const submit = form.onSubmit(
    async (values) => {
      const input = toProductInput(values, marketId);
      try {
        if (product) {
          const saved = await update.mutateAsync({ ...input, id: product.id });
          const next = valuesOf(saved);
          // The saved product is the new baseline: nothing is dirty any more.
          form.setValues(next);
          form.resetDirty(next);
          notice(t('products.form.saved'));
        } else {
          await create.mutateAsync(input);
          leaving.current = true;
          notice(t('products.form.created'));
          await navigate('/cp/products');
        }
      } catch (error) {
        const fields = fieldErrors(error, t);
        form.setErrors(fields);
        // The product's own held units refuse giving it variants, at a stock input no longer shown.
        const unseen = Boolean(fields.stock) && (values.options.length > 0 || !values.trackQuantity);
        if (Object.keys(fields).length === 0 || unseen) notice(errorText(error, t), 'error');
        else showFirstError(formRef.current);
      }
    },
    () => showFirstError(formRef.current),
  );

  const deleteProduct = () => {
    if (!product) return;
    remove.mutate(
      { marketId, id: product.id },
      {
        onSuccess: async () => {
          leaving.current = true;
          setConfirmDelete(false);
          notice(t('products.form.deleted'));
          await navigate('/cp/products');
        },
        onError: (error) => {
          setConfirmDelete(false);
          notice(errorText(error, t), 'error');
        },
      },
    );
  };

  const { values } = form;
  const hasVariants = values.options.length > 0;
  const heldByVariant = Object.fromEntries((product?.variants ?? []).map((v) => [v.id, v.held]));
  const categoryList = categories.data ?? [];
  const noCategories = categories.isSuccess && categoryList.length === 0;

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="product-form">
      <Stack gap="lg" maw={1200}>
        <div>
          <Anchor component={Link} to="/cp/products" size="sm" fw={500} data-testid="back-to-products">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              {t('products.form.back')}
            </Group>
          </Anchor>
          <Group gap="sm" mt={4}>
            <Title order={1} size="h2" data-testid="product-form-title">
              {product ? product.title : t('products.form.addTitle')}
            </Title>
            {product && (
              <Badge variant="light" color={product.status === 'active' ? 'green' : 'gray'}>
                {t(`products.status.${product.status}`)}
              </Badge>
            )}
          </Group>
        </div>

        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <Section title={t('products.form.general')}>
                <TextInput
                  label={t('products.form.title')}
                  placeholder={t('products.form.titlePlaceholder')}
                  required
                  maxLength={catalogLimits.title}
                  data-testid="product-title"
                  {...form.getInputProps('title')}
                />
                <RichTextField
                  label={t('products.form.description')}
                  required
                  testId="product-description"
                  value={values.description}
                  onChange={(html) => form.setFieldValue('description', html)}
                  error={form.errors.description}
                />
              </Section>

              <Section title={t('products.form.media')}>
                <ImageGallery
                  label={t('products.form.images')}
                  required
                  value={values.images}
                  onChange={(next) => {
                    const images = next(form.getValues().images);
                    form.setValues((current) => ({
                      images,
                      // A variant's image must be one of the product's.
                      variants: (current.variants ?? []).map((v) =>
                        v.imageUrl && !images.includes(v.imageUrl) ? { ...v, imageUrl: null } : v,
                      ),
                    }));
                    form.clearFieldError('images');
                  }}
                  error={form.errors.images}
                />
              </Section>

              <Section title={t('products.form.pricing')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <MoneyInput
                    size="sm"
                    label={t('products.form.price')}
                    description={hasVariants ? t('products.form.priceWithVariants') : undefined}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    required
                    placeholder="0.00"
                    data-testid="product-price"
                    {...form.getInputProps('price')}
                  />
                  <MoneyInput
                    size="sm"
                    label={t('products.form.compareAt')}
                    description={t('products.form.compareAtHint')}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    placeholder="0.00"
                    data-testid="product-compare-at"
                    {...form.getInputProps('compareAtPrice')}
                  />
                </SimpleGrid>
              </Section>

              <Section title={t('products.form.inventory')}>
                <Switch
                  label={t('products.form.trackQuantity')}
                  data-testid="product-track-quantity"
                  {...form.getInputProps('trackQuantity', { type: 'checkbox' })}
                />
                {values.trackQuantity && (
                  <Switch
                    label={t('products.form.continueSelling')}
                    description={t('products.form.continueSellingHint')}
                    data-testid="product-continue-selling"
                    {...form.getInputProps('continueSelling', { type: 'checkbox' })}
                  />
                )}
                <Switch
                  label={t('products.form.hasSku')}
                  description={hasVariants && values.hasSku ? t('products.form.hasSkuVariants') : undefined}
                  data-testid="product-has-sku"
                  {...form.getInputProps('hasSku', { type: 'checkbox' })}
                />
                {values.hasSku && !hasVariants && (
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={t('products.form.sku')}
                      required
                      maxLength={catalogLimits.code}
                      data-testid="product-sku"
                      {...form.getInputProps('sku')}
                    />
                    <TextInput
                      label={t('products.form.barcode')}
                      required
                      maxLength={catalogLimits.code}
                      data-testid="product-barcode"
                      {...form.getInputProps('barcode')}
                    />
                  </SimpleGrid>
                )}
                {values.trackQuantity && !hasVariants && (
                  <NumberInput
                    label={t('products.form.stock')}
                    min={0}
                    max={catalogLimits.stock}
                    allowDecimal={false}
                    allowNegative={false}
                    maw={240}
                    description={heldHint(t, values, values.stock, product?.held ?? 0)}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    data-testid="product-stock"
                    {...form.getInputProps('stock')}
                  />
                )}
                {values.trackQuantity && hasVariants && (
                  <Text size="sm" c="dimmed">
                    {t('products.form.stockWithVariants')}
                  </Text>
                )}
              </Section>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Section title={t('products.form.status')}>
                <Select
                  aria-label={t('products.form.status')}
                  data={STATUSES.map((s) => ({ value: s, label: t(`products.status.${s}`) }))}
                  allowDeselect={false}
                  description={t(`products.form.statusHint.${values.status}`)}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  data-testid="product-status"
                  {...form.getInputProps('status')}
                />
              </Section>
              <Section title={t('products.form.organization')}>
                <Select
                  label={t('products.form.category')}
                  placeholder={t('products.form.categoryPlaceholder')}
                  required
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage={t('products.list.nothingFound')}
                  data={categoryList.map((c) => ({ value: c.id, label: c.name }))}
                  rightSection={categories.isPending ? <Loader size={14} /> : undefined}
                  data-testid="product-category"
                  {...form.getInputProps('categoryId')}
                  error={form.errors.categoryId ?? (categories.error ? errorText(categories.error, t) : undefined)}
                />
                {noCategories && (
                  <Alert color="yellow" p="sm" data-testid="no-categories">
                    <Text size="sm">{t('products.form.noCategories')}</Text>
                    <Anchor component={Link} to="/cp/add-category" size="sm" fw={600} data-testid="add-category-link">
                      <Group gap={4} wrap="nowrap" component="span">
                        <IconPlus size={14} aria-hidden />
                        {t('products.form.addCategory')}
                      </Group>
                    </Anchor>
                  </Alert>
                )}
              </Section>
              <Section title={t('products.form.shipping')}>
                <NumberInput
                  label={t('products.form.weight')}
                  description={t('products.form.weightHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  min={0}
                  max={1_000_000}
                  allowDecimal={false}
                  allowNegative={false}
                  rightSection={
                    <Text size="xs" c="dimmed">
                      {t('products.form.grams')}
                    </Text>
                  }
                  data-testid="product-weight"
                  {...form.getInputProps('weightGrams')}
                />
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>

        {/* Full width: the variant grid has many columns. */}
        <Section title={t('products.form.variants')} description={t('products.form.variantsHint')}>
          <VariantEditor form={form} held={heldByVariant} />
        </Section>

        <Box
          pos="sticky"
          bottom={0}
          py="sm"
          style={{
            zIndex: 5,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          <Group justify="space-between">
            <div>
              {product && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setConfirmDelete(true)}
                  data-testid="product-delete"
                >
                  {t('products.form.delete')}
                </Button>
              )}
            </div>
            <Group gap="sm">
              {form.isDirty() && (
                <Text size="sm" c="dimmed" visibleFrom="sm" data-testid="unsaved-hint">
                  {t('products.form.unsaved')}
                </Text>
              )}
              {product && (
                <Button variant="default" disabled={!form.isDirty() || saving} onClick={() => form.reset()}>
                  {t('products.form.discard')}
                </Button>
              )}
              <Button
                type="submit"
                loading={saving}
                disabled={Boolean(product) && !form.isDirty()}
                data-testid="product-save"
              >
                {product ? t('products.form.save') : t('products.form.create')}
              </Button>
            </Group>
          </Group>
        </Box>
      </Stack>

      <UnsavedChangesGuard dirty={isDirty} />
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('products.form.deleteTitle')}
        centered
      >
        <Text size="sm">{t('products.form.deleteText', { title: product?.title ?? '' })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={deleteProduct} loading={remove.isPending} data-testid="product-delete-confirm">
            {t('products.form.delete')}
          </Button>
        </Group>
      </Modal>
    </form>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
