import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  NumberInput,
  Popover,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { catalogLimits, imageUrl } from '@shop/shared';
import { IconPhoto, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  availableWithHeld,
  type NumberValue,
  type ProductValues,
  removedCount,
  type VariantValues,
  withOptionAdded,
  withOptionRemoved,
  withOptionValues,
  withRemovedRestored,
  withVariantRemoved,
} from './form-values';

type Form = UseFormReturnType<ProductValues>;

/** The variant's name stays in view while the grid scrolls sideways. */
const STICKY: React.CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  minWidth: 120,
  background: 'var(--mantine-color-body)',
};

/** The first error of a field or of anything under it (a duplicate value is reported at its index). */
function errorUnder(errors: Form['errors'], path: string): React.ReactNode {
  if (errors[path]) return errors[path];
  const key = Object.keys(errors).find((k) => k.startsWith(`${path}.`));
  return key ? errors[key] : undefined;
}

/** Units checkouts hold, by saved variant id (the owner's view of the product). */
export type HeldByVariant = Readonly<Record<string, number>>;

/**
 * "2 held by checkouts · 1 available" under a stock input while checkouts hold some of it (the
 * available count follows what is typed); nothing when none is held.
 */
export function heldHint(
  t: TFunction,
  values: Pick<ProductValues, 'trackQuantity' | 'continueSelling'>,
  stock: NumberValue,
  held: number,
): string | undefined {
  if (held <= 0) return undefined;
  const available = availableWithHeld(values, stock, held);
  return available === null
    ? t('catalog.held.hintUnlimited', { count: held })
    : t('catalog.held.hint', { count: held, available });
}

/**
 * Options (up to three, each a name and its values) and the variant grid made from them: one
 * row per combination, each with its own price, codes, stock and image.
 */
export function VariantEditor({ form, held = {} }: { form: Form; held?: HeldByVariant }) {
  const { t } = useTranslation();
  const { options } = form.values;

  return (
    <Stack gap="md">
      {options.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('products.options.none')}
        </Text>
      )}
      {options.map((option, i) => (
        <Group key={option.key} align="flex-start" gap="sm" wrap="nowrap" data-testid="option-row">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
            <TextInput
              label={t('products.options.name', { number: i + 1 })}
              placeholder={t('products.options.namePlaceholder')}
              maxLength={catalogLimits.optionName}
              data-testid={`option-name-${i}`}
              {...form.getInputProps(`options.${i}.name`)}
            />
            <TagsInput
              label={t('products.options.values')}
              placeholder={t('products.options.valuesPlaceholder')}
              description={t('products.options.valuesHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={option.values}
              onChange={(values) => {
                form.setValues(withOptionValues(form.getValues(), i, values.map((v) => v.trim()).filter(Boolean)));
                form.clearFieldError(`options.${i}.values`);
                form.clearFieldError('variants');
              }}
              maxTags={catalogLimits.optionValues}
              splitChars={[',']}
              clearable
              clearButtonProps={{ 'aria-label': t('products.options.clearValues') }}
              error={errorUnder(form.errors, `options.${i}.values`)}
              style={{ gridColumn: 'span 2' }}
              data-testid={`option-values-${i}`}
            />
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            onClick={() => form.setValues(withOptionRemoved(form.getValues(), i))}
            aria-label={t('products.options.remove', { name: option.name || i + 1 })}
            data-testid={`option-remove-${i}`}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {options.length < catalogLimits.options && (
        <div>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => form.setValues(withOptionAdded(form.getValues()))}
            data-testid="add-option"
            // Its label may be longer than a phone is wide (app.css).
            className="wrapping-button"
          >
            {options.length === 0 ? t('products.options.addFirst') : t('products.options.add')}
          </Button>
        </div>
      )}
      {options.length > 0 && <VariantGrid form={form} held={held} />}
    </Stack>
  );
}

function VariantGrid({ form, held }: { form: Form; held: HeldByVariant }) {
  const { t } = useTranslation();
  const values = form.values;
  const { variants, trackQuantity, hasSku } = values;
  const hidden = removedCount(values);
  const optionErrors = Object.keys(form.errors).some((k) => k.startsWith('options'));
  // Held units and the server's refusal because of them are sentences: the stock column widens for them.
  const stockNotes = variants.some(
    (v, i) => (v.id && (held[v.id] ?? 0) > 0) || Boolean(form.errors[`variants.${i}.stock`]),
  );
  const stockWidth = stockNotes ? 200 : 88;

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t('products.variants.title', { count: variants.length })}
        </Text>
        {hidden > 0 && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => form.setValues(withRemovedRestored(values))}
          >
            {t('products.variants.restore', { count: hidden })}
          </Anchor>
        )}
      </Group>
      {form.errors.variants && !optionErrors && (
        <Alert color="red" py="xs">
          {form.errors.variants}
        </Alert>
      )}
      {variants.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('products.variants.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={trackQuantity ? 732 + stockWidth : 730}>
          <Table verticalSpacing={6} horizontalSpacing="xs" data-testid="variant-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={STICKY}>{t('products.variants.variant')}</Table.Th>
                <Table.Th w={52}>{t('products.variants.image')}</Table.Th>
                <Table.Th w={112}>{t('products.variants.price')}</Table.Th>
                <Table.Th w={112}>{t('products.variants.compareAt')}</Table.Th>
                <Table.Th w={116}>
                  {t('products.variants.sku')}
                  {hasSku && ' *'}
                </Table.Th>
                <Table.Th w={116}>
                  {t('products.variants.barcode')}
                  {hasSku && ' *'}
                </Table.Th>
                {trackQuantity && <Table.Th w={stockWidth}>{t('products.variants.stock')}</Table.Th>}
                <Table.Th w={40}>
                  <VisuallyHidden>{t('products.variants.remove')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {variants.map((variant, i) => (
                <VariantRow
                  key={variant.key}
                  form={form}
                  variant={variant}
                  index={i}
                  held={variant.id ? (held[variant.id] ?? 0) : 0}
                  showOptionError={!optionErrors}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function VariantRow({
  form,
  variant,
  index,
  held,
  showOptionError,
}: {
  form: Form;
  variant: VariantValues;
  index: number;
  /** Units of this variant checkouts hold. */
  held: number;
  showOptionError: boolean;
}) {
  const { t } = useTranslation();
  const name = variant.options.map((v) => v || '—').join(' / ');
  const path = `variants.${index}`;
  const optionError = showOptionError ? form.errors[`${path}.options`] : undefined;
  const field = (key: keyof VariantValues) => form.getInputProps(`${path}.${key}`);
  return (
    <Table.Tr data-testid="variant-row" data-variant={name}>
      <Table.Td style={STICKY}>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        {optionError && (
          <Text size="xs" c="red">
            {optionError}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <VariantImagePicker
          images={form.values.images}
          value={variant.imageUrl}
          onChange={(url) => form.setFieldValue(`${path}.imageUrl`, url)}
          variantName={name}
        />
      </Table.Td>
      <Table.Td>
        <MoneyInput
          aria-label={t('products.variants.priceOf', { name })}
          data-testid="variant-price"
          {...field('price')}
        />
      </Table.Td>
      <Table.Td>
        <MoneyInput
          aria-label={t('products.variants.compareAtOf', { name })}
          data-testid="variant-compare-at"
          {...field('compareAtPrice')}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={t('products.variants.skuOf', { name })}
          maxLength={catalogLimits.code}
          data-testid="variant-sku"
          {...field('sku')}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={t('products.variants.barcodeOf', { name })}
          maxLength={catalogLimits.code}
          data-testid="variant-barcode"
          {...field('barcode')}
        />
      </Table.Td>
      {form.values.trackQuantity && (
        <Table.Td>
          <NumberInput
            size="xs"
            aria-label={t('products.variants.stockOf', { name })}
            min={0}
            max={catalogLimits.stock}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            description={heldHint(t, form.values, variant.stock, held)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-testid="variant-stock"
            {...field('stock')}
          />
        </Table.Td>
      )}
      <Table.Td>
        <Tooltip label={t('products.variants.removeOf', { name })} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => form.setValues(withVariantRemoved(form.getValues(), variant.key))}
            aria-label={t('products.variants.removeOf', { name })}
            data-testid="variant-remove"
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** An amount in AZN with two decimals; the form keeps AZN and converts to qəpik on save. */
export function MoneyInput(props: React.ComponentProps<typeof NumberInput>) {
  return (
    <NumberInput
      size="xs"
      min={0}
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      hideControls
      rightSection={
        <Text size="xs" c="dimmed">
          AZN
        </Text>
      }
      rightSectionWidth={40}
      {...props}
    />
  );
}

/** The variant's image, chosen from the product's own images. */
function VariantImagePicker({
  images,
  value,
  onChange,
  variantName,
}: {
  images: string[];
  value: string | null;
  onChange: (url: string | null) => void;
  variantName: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const choose = (url: string | null) => {
    onChange(url);
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-label={t('products.variants.chooseImage', { name: variantName })}
          aria-haspopup="dialog"
          aria-expanded={opened}
          data-testid="variant-image"
          style={{ display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {value ? (
            <Image src={imageUrl(value, 400)} alt="" w={36} h={36} radius="sm" fit="cover" />
          ) : (
            <ThemeIcon variant="light" color="gray" size={36} radius="sm">
              <IconPhoto size={18} stroke={1.5} aria-hidden />
            </ThemeIcon>
          )}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        {images.length === 0 ? (
          <Text size="sm" c="dimmed" maw={220}>
            {t('products.variants.noImages')}
          </Text>
        ) : (
          <Stack gap="xs">
            <SimpleGrid cols={4} spacing={6}>
              {images.map((url, i) => (
                <UnstyledButton
                  key={url}
                  onClick={() => choose(url)}
                  aria-label={t('products.variants.imageNumber', { number: i + 1 })}
                  aria-pressed={url === value}
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    outline: url === value ? '2px solid var(--mantine-color-cyan-6)' : undefined,
                    outlineOffset: 1,
                  }}
                >
                  <Image src={imageUrl(url, 400)} alt="" w={48} h={48} radius="sm" fit="cover" />
                </UnstyledButton>
              ))}
            </SimpleGrid>
            {value && (
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => choose(null)}>
                {t('products.variants.noImage')}
              </Button>
            )}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
