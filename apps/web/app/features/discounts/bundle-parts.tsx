import '@mantine/dates/styles.css';
import 'dayjs/locale/az';
import 'dayjs/locale/ru';
import {
  ActionIcon,
  Badge,
  Box,
  ColorInput,
  Grid,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import type { GetInputPropsReturnType } from '@mantine/form';
import { type BundleTemplate, discountLimits, type Timer } from '@shop/shared';
import { IconArrowUp, IconCalendar, IconCheck, IconX } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BundleBlock, type BundleBlockProduct } from '../../ui/bundle-block';
import { StatusField, Thumb } from '../../ui/panel';
import { durationWords, useBlockTexts } from './bundle-texts';
import { type BundlePick, COLOUR_SWATCHES, type LookField } from './bundle-values';

/**
 * The store's product search, handed in by the route (a feature does not reach into another):
 * it shows the catalog, marks what is chosen and reports a click.
 */
export type BundlePicker = (props: {
  chosen: ReadonlySet<string>;
  onToggle: (product: BundlePick) => void;
  labels: { add: (title: string) => string; remove: (title: string) => string };
}) => ReactNode;

/** Where a step stands among the two of a new bundle. */
export function BundleSteps({ step }: { step: 1 | 2 }) {
  const { t } = useTranslation();
  const steps = [t('bundles.steps.deal'), t('bundles.steps.look')];
  return (
    <Box component="nav" aria-label={t('bundles.steps.label')}>
      <Text size="sm" fw={600} c="dimmed" mb={6} data-testid="bundle-step">
        {t('bundles.steps.of', { step, total: steps.length })}
      </Text>
      <Group component="ol" gap="lg" m={0} p={0} style={{ listStyle: 'none' }}>
        {steps.map((label, index) => {
          const number = index + 1;
          const done = number < step;
          const current = number === step;
          return (
            <Group component="li" key={label} gap={8} wrap="nowrap" aria-current={current ? 'step' : undefined}>
              <ThemeIcon
                size={28}
                radius="xl"
                variant={current || done ? 'filled' : 'light'}
                color={current || done ? 'cyan' : 'gray'}
                aria-hidden
              >
                {done ? (
                  <IconCheck size={16} />
                ) : (
                  <Text size="sm" fw={700}>
                    {number}
                  </Text>
                )}
              </ThemeIcon>
              <Text size="sm" fw={current ? 700 : 500} c={current ? undefined : 'dimmed'}>
                {label}
              </Text>
            </Group>
          );
        })}
      </Group>
    </Box>
  );
}

/**
 * The bundle's products (SPEC §5: one to three of this store), in the order the block shows
 * them. A fourth choice is refused, and the merchant is told why.
 */
export function BundleProductsField({
  products,
  onChange,
  picker,
  error,
}: {
  products: BundlePick[];
  onChange: (products: BundlePick[]) => void;
  picker: BundlePicker;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  const { money } = useBlockTexts();
  const [refused, setRefused] = useState(false);
  const chosen = useMemo(() => new Set(products.map((p) => p.id)), [products]);
  const max = discountLimits.bundleProducts;

  const toggle = (product: BundlePick) => {
    if (chosen.has(product.id)) {
      setRefused(false);
      onChange(products.filter((p) => p.id !== product.id));
    } else if (products.length >= max) {
      setRefused(true);
    } else {
      setRefused(false);
      onChange([
        ...products,
        { id: product.id, title: product.title, imageUrl: product.imageUrl, price: product.price },
      ]);
    }
  };
  const remove = (id: string) => {
    setRefused(false);
    onChange(products.filter((p) => p.id !== id));
  };
  const moveUp = (index: number) => {
    const next = [...products];
    [next[index - 1], next[index]] = [next[index] as BundlePick, next[index - 1] as BundlePick];
    onChange(next);
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="bundle-products-title"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="bundle-products-title">
            {t('bundles.form.products')}
          </Title>
          <Badge variant="light" color="cyan" data-testid="bundle-product-count">
            {t('bundles.form.chosenCount', { count: products.length, max })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('bundles.form.productsHint', { max })}
        </Text>
        {picker({
          chosen,
          onToggle: toggle,
          labels: {
            add: (title) => t('bundles.form.addNamed', { title }),
            remove: (title) => t('bundles.form.removeNamed', { title }),
          },
        })}
        {refused && (
          <Text size="sm" c="red.8" role="alert" data-testid="bundle-too-many">
            {t('messages:tooManyBundleProducts')}
          </Text>
        )}
        <div>
          <Text size="sm" fw={500} mb={6} id="bundle-chosen-title">
            {t('bundles.form.chosen')}
          </Text>
          {products.length === 0 ? (
            <Paper
              withBorder
              radius="md"
              p="lg"
              bg="gray.0"
              style={{ borderStyle: 'dashed' }}
              data-testid="bundle-products"
              data-count={0}
            >
              <Text size="sm" c="dimmed" ta="center">
                {t('bundles.form.noneChosen')}
              </Text>
            </Paper>
          ) : (
            <Stack
              component="ol"
              gap={6}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-labelledby="bundle-chosen-title"
              data-testid="bundle-products"
              data-count={products.length}
            >
              {products.map((product, index) => (
                <Paper
                  component="li"
                  key={product.id}
                  withBorder
                  radius="md"
                  px="xs"
                  py={6}
                  data-testid="bundle-product-chosen"
                  data-title={product.title}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Text size="sm" c="dimmed" w={20} ta="right" aria-hidden>
                      {index + 1}
                    </Text>
                    <Thumb url={product.imageUrl} size={40} />
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate="end">
                        {product.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {money(product.price)}
                      </Text>
                    </div>
                    {index > 0 && (
                      <Tooltip label={t('bundles.form.moveUp')} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          onClick={() => moveUp(index)}
                          aria-label={t('bundles.form.moveUpNamed', { title: product.title })}
                        >
                          <IconArrowUp size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label={t('bundles.form.remove')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => remove(product.id)}
                        aria-label={t('bundles.form.removeNamed', { title: product.title })}
                        data-testid="bundle-product-remove"
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
          {error && (
            <Text size="sm" c="red.8" mt={6} role="alert" data-testid="bundle-products-error">
              {error}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

/** The discount and the end of the offer. */
export function DealFields({ percent, endsAt }: { percent: GetInputPropsReturnType; endsAt: GetInputPropsReturnType }) {
  const { t, i18n } = useTranslation();
  const dates = { locale: i18n.language, firstDayOfWeek: 1 as const };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="bundle-deal-title">
      <Stack gap="lg">
        <Title order={2} size="h4" id="bundle-deal-title">
          {t('bundles.form.deal')}
        </Title>
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <NumberInput
              label={t('bundles.form.percent')}
              description={t('bundles.form.percentHint')}
              required
              min={1}
              max={99}
              allowDecimal={false}
              allowNegative={false}
              suffix=" %"
              data-testid="bundle-percent"
              {...percent}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <DatesProvider settings={dates}>
              <DateTimePicker
                label={t('bundles.form.endsAt')}
                description={t('bundles.form.endsAtHint')}
                required
                valueFormat="D MMM YYYY, HH:mm"
                leftSection={<IconCalendar size={16} aria-hidden />}
                data-testid="bundle-ends"
                {...endsAt}
              />
            </DatesProvider>
          </Grid.Col>
        </Grid>
        <Text size="xs" c="dimmed" data-testid="bundle-stacking">
          {t('bundles.form.stacking')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The bundle's texts, colour, countdown, highlight and switch. */
export function LookFields({
  input,
  timer,
  highlight,
  active,
  onActive,
}: {
  input: (field: LookField) => GetInputPropsReturnType;
  timer: Timer;
  highlight: GetInputPropsReturnType;
  active: boolean;
  onActive: (active: boolean) => void;
}) {
  const { t } = useTranslation();
  const text = (field: 'name' | 'title' | 'headerTitle' | 'footerText' | 'buttonText', max: number, hint = false) => (
    <TextInput
      label={t(`bundles.form.${field}`)}
      description={hint ? t(`bundles.form.${field}Hint`) : undefined}
      placeholder={t(`bundles.form.${field}Placeholder`)}
      required
      maxLength={max}
      data-testid={`bundle-${field}`}
      {...input(field)}
    />
  );
  const unit = (part: keyof Timer, max: number) => (
    <NumberInput
      label={t(`bundles.units.label.${part}`)}
      min={0}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      data-testid={`bundle-timer-${part}`}
      {...input(`timer.${part}`)}
    />
  );
  const always = timer.days + timer.hours + timer.minutes + timer.seconds === 0;
  return (
    <Stack gap="lg">
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="bundle-texts-title"
      >
        <Stack gap="lg">
          <Title order={2} size="h4" id="bundle-texts-title">
            {t('bundles.form.texts')}
          </Title>
          {text('name', discountLimits.name, true)}
          {text('headerTitle', discountLimits.title)}
          {text('title', discountLimits.title)}
          <Textarea
            label={t('bundles.form.footerText')}
            placeholder={t('bundles.form.footerTextPlaceholder')}
            required
            autosize
            minRows={2}
            maxLength={discountLimits.text}
            data-testid="bundle-footerText"
            {...input('footerText')}
          />
          {text('buttonText', discountLimits.buttonText)}
        </Stack>
      </Paper>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="bundle-look-title"
      >
        <Stack gap="lg">
          <Title order={2} size="h4" id="bundle-look-title">
            {t('bundles.form.look')}
          </Title>
          <ColorInput
            label={t('bundles.form.colour')}
            description={t('bundles.form.colourHint')}
            required
            format="hex"
            swatches={COLOUR_SWATCHES}
            eyeDropperButtonProps={{ 'aria-label': t('bundles.form.eyeDropper') }}
            w={{ base: '100%', xs: 240 }}
            data-testid="bundle-colour"
            {...input('colour')}
          />
          <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }} data-testid="bundle-timer">
            <Text component="legend" size="sm" fw={500} p={0}>
              {t('bundles.form.timer')}
            </Text>
            <Text size="xs" c="dimmed" mb="xs" id="bundle-timer-hint">
              {always
                ? t('bundles.form.timerAlways')
                : t('bundles.form.timerBefore', { time: durationWords(t, timer) })}
            </Text>
            <Grid gutter="sm">
              <Grid.Col span={{ base: 6, sm: 3 }}>{unit('days', discountLimits.timerDays)}</Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>{unit('hours', 23)}</Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>{unit('minutes', 59)}</Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>{unit('seconds', 59)}</Grid.Col>
            </Grid>
          </Box>
          <Switch
            label={t('bundles.form.highlight')}
            description={t('bundles.form.highlightHint')}
            data-testid="bundle-highlight"
            {...highlight}
          />
          <StatusField
            value={active ? 'active' : 'passive'}
            onChange={(s) => onActive(s === 'active')}
            testId="bundle-status"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The block as shoppers will see it, following the form; inert: a picture of the block, not one. */
export function BundlePreview({
  template,
  colour,
  headerTitle,
  title,
  footerText,
  buttonText,
  percent,
  figures,
  highlight,
  endsAt,
  timer,
}: {
  template: BundleTemplate;
  colour: string;
  headerTitle: string;
  title: string;
  footerText: string;
  buttonText: string;
  percent: number;
  figures: { products: readonly BundleBlockProduct[]; price: number; bundlePrice: number };
  highlight: boolean;
  /** ISO; empty while the date is not a date. */
  endsAt: string;
  timer: Timer;
}) {
  const { t } = useTranslation();
  const { money, textsFor } = useBlockTexts();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="bundle-preview-title"
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 16px)' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="bundle-preview-title">
          {t('bundles.preview.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('bundles.preview.hint')}
        </Text>
        <Box
          inert
          p={{ base: 'sm', sm: 'lg' }}
          style={{ display: 'grid', placeItems: 'center', borderRadius: 12, background: 'var(--mantine-color-gray-1)' }}
          data-testid="bundle-preview"
        >
          <BundleBlock
            template={template}
            colour={colour}
            headerTitle={headerTitle.trim() || t('bundles.form.headerTitlePlaceholder')}
            title={title.trim() || t('bundles.form.titlePlaceholder')}
            footerText={footerText.trim()}
            buttonText={buttonText.trim() || t('bundles.form.buttonTextPlaceholder')}
            products={figures.products}
            price={figures.price}
            bundlePrice={figures.bundlePrice}
            highlight={highlight}
            endsAt={endsAt}
            timer={timer}
            texts={textsFor(percent, figures.price, figures.bundlePrice)}
            money={money}
          />
        </Box>
        {figures.products.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('bundles.preview.noProducts')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
