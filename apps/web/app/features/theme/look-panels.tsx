import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  ColorInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  type Branding,
  PALETTE_COLOURS,
  PALETTE_NAME_MAX,
  type Palette,
  type PaletteColours,
  PRESET_PALETTES,
  paletteContrastProblems,
  SOCIAL_NETWORKS,
  STORE_DESCRIPTION_MAX,
  STORE_FONT_NAMES,
  STORE_FONTS,
  type StoreFont,
  THEME_TEMPLATES,
  type Theme,
  type ThemeTemplate,
} from '@shop/shared';
import { IconAlertTriangle, IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors } from '../../lib/form';
import { ImageUpload } from '../../ui/image-upload';
import { useNotice } from '../../ui/notice';
import { useDeletePalette, useSaveBranding, useSavePalette } from './queries';

/** The three starting themes: each replaces palette, fonts and sections of the draft. */
export function TemplatesPanel({ onApply, busy }: { onApply: (template: ThemeTemplate) => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('theme.templates.hint')}
      </Text>
      {THEME_TEMPLATES.map((template) => (
        <Paper key={template} withBorder radius="md" p="md" data-testid={`theme-template-${template}`}>
          <Text fw={700}>{t(`theme.templates.${template}.name`)}</Text>
          <Text size="sm" c="dimmed" mb="sm">
            {t(`theme.templates.${template}.text`)}
          </Text>
          <Button size="xs" variant="light" onClick={() => onApply(template)} loading={busy}>
            {t('theme.templates.use')}
          </Button>
        </Paper>
      ))}
    </Stack>
  );
}

function Swatches({ colours }: { colours: PaletteColours }) {
  return (
    <Group gap={0} wrap="nowrap" style={{ borderRadius: 6, overflow: 'hidden' }} aria-hidden>
      {(['background', 'surface', 'text', 'accent', 'sale'] as const).map((c) => (
        <div key={c} style={{ width: 22, height: 22, background: colours[c] }} />
      ))}
    </Group>
  );
}

/** Palettes: pick one for the draft; make, change or delete the store's own, checked for contrast as typed. */
export function PalettePanel({
  marketId,
  palettes,
  selected,
  onSelect,
}: {
  marketId: string;
  palettes: Palette[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Palette | 'new' | null>(null);
  const remove = useDeletePalette(marketId);
  const notice = useNotice();
  const name = (palette: Palette) => (palette.preset ? t(`theme.presets.${palette.preset}`) : palette.name);
  if (editing) {
    const base = editing === 'new' ? (palettes.find((p) => p.id === selected) ?? PRESET_PALETTES[0]) : editing;
    return (
      <PaletteForm
        marketId={marketId}
        palette={editing === 'new' ? null : editing}
        initial={{ name: editing === 'new' ? '' : editing.name, colours: { ...(base as Palette).colours } }}
        onDone={() => setEditing(null)}
      />
    );
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="xs" role="radiogroup" aria-label={t('theme.tabs.colours')}>
        {palettes.map((palette) => {
          const active = palette.id === selected;
          return (
            <Paper
              key={palette.id}
              withBorder
              radius="md"
              p={0}
              bd={active ? '2px solid var(--mantine-primary-color-filled)' : undefined}
            >
              <UnstyledButton
                role="radio"
                aria-checked={active}
                onClick={() => onSelect(palette.id)}
                p="xs"
                w="100%"
                data-testid="theme-palette"
                data-palette={palette.preset ?? palette.name}
              >
                <Stack gap={6}>
                  <Swatches colours={palette.colours} />
                  <Group gap={4} justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={active ? 700 : 500} truncate>
                      {name(palette)}
                    </Text>
                    {active && <IconCheck size={16} aria-hidden />}
                  </Group>
                </Stack>
              </UnstyledButton>
              {!palette.preset && (
                <Group gap={2} px="xs" pb={6}>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    onClick={() => setEditing(palette)}
                    aria-label={t('theme.palette.edit', { name: palette.name })}
                  >
                    <IconPencil size={14} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('theme.palette.delete', { name: palette.name })}
                    onClick={() =>
                      remove.mutate(palette.id, { onError: (error) => notice(errorText(error, t), 'error') })
                    }
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
      <Button variant="light" onClick={() => setEditing('new')} data-testid="theme-palette-new">
        {t('theme.palette.new')}
      </Button>
    </Stack>
  );
}

function PaletteForm({
  marketId,
  palette,
  initial,
  onDone,
}: {
  marketId: string;
  palette: Palette | null;
  initial: { name: string; colours: PaletteColours };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePalette(marketId);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const problems = paletteContrastProblems(values.colours);
  const setColour = (colour: keyof PaletteColours, value: string) =>
    setValues((v) => ({ ...v, colours: { ...v.colours, [colour]: value } }));
  const submit = () =>
    save.mutate(
      { id: palette?.id ?? null, input: values },
      { onSuccess: onDone, onError: (error) => setErrors({ ...fieldErrors(error, t), form: errorText(error, t) }) },
    );
  return (
    <Stack gap="sm" data-testid="theme-palette-form">
      <TextInput
        label={t('theme.palette.name')}
        value={values.name}
        maxLength={PALETTE_NAME_MAX}
        onChange={(e) => setValues((v) => ({ ...v, name: e.currentTarget.value }))}
        error={errors.name}
        data-testid="theme-palette-name"
      />
      <SimpleGrid cols={2} spacing="xs">
        {PALETTE_COLOURS.map((colour) => (
          <ColorInput
            key={colour}
            label={t(`theme.colours.${colour}`)}
            value={values.colours[colour]}
            onChange={(value) => setColour(colour, value)}
            format="hex"
            error={errors[`colours.${colour}`]}
            data-testid={`theme-colour-${colour}`}
          />
        ))}
      </SimpleGrid>
      {problems.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="theme-contrast-warning"
        >
          <Stack gap={6}>
            {problems.map((p) => (
              <Group key={`${p.fore}-${p.back}`} justify="space-between" gap="xs">
                <Text size="sm">
                  {t('theme.palette.contrast', {
                    fore: t(`theme.colours.${p.fore}`),
                    back: t(`theme.colours.${p.back}`),
                    ratio: p.ratio,
                    min: p.min,
                  })}
                </Text>
                <Button size="compact-xs" variant="light" onClick={() => setColour(p.fore, p.suggestion)}>
                  {t('theme.palette.useSuggestion', { colour: p.suggestion })}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {errors.form && (
        <Text c="red" size="sm" role="alert">
          {errors.form}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending} data-testid="theme-palette-save">
          {t('theme.palette.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Heading and body fonts, from the bundled set. */
export function FontsPanel({
  theme,
  onChange,
}: {
  theme: Theme;
  onChange: (font: StoreFont, target: 'heading' | 'body') => void;
}) {
  const { t } = useTranslation();
  const data = STORE_FONT_NAMES.map((font) => ({
    value: font,
    label: font === 'system' ? t('theme.fonts.system') : STORE_FONTS[font].name,
  }));
  return (
    <Stack gap="sm">
      <Select
        label={t('theme.fonts.heading')}
        data={data}
        value={theme.headingFont}
        onChange={(value) => value && onChange(value as StoreFont, 'heading')}
        allowDeselect={false}
        data-testid="theme-font-heading"
      />
      <Select
        label={t('theme.fonts.body')}
        data={data}
        value={theme.bodyFont}
        onChange={(value) => value && onChange(value as StoreFont, 'body')}
        allowDeselect={false}
        data-testid="theme-font-body"
      />
      <Text size="xs" c="dimmed">
        {t('theme.fonts.hint')}
      </Text>
    </Stack>
  );
}

/** Description, logo, icon and social links: saved at once (not part of the draft). */
export function BrandingPanel({ marketId, branding }: { marketId: string; branding: Branding }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveBranding(marketId);
  const [values, setValues] = useState(branding);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () =>
    save.mutate(values, {
      onSuccess: (saved) => {
        setValues(saved);
        setErrors({});
        notice(t('theme.branding.saved'));
      },
      onError: (error) => {
        setErrors(fieldErrors(error, t));
        notice(errorText(error, t), 'error');
      },
    });
  return (
    <Stack gap="sm" data-testid="theme-branding">
      <Textarea
        label={t('theme.branding.description')}
        description={t('theme.branding.descriptionHint')}
        value={values.description}
        maxLength={STORE_DESCRIPTION_MAX}
        autosize
        minRows={2}
        onChange={(e) => setValues((v) => ({ ...v, description: e.currentTarget.value }))}
        error={errors.description}
      />
      <ImageUpload
        label={t('theme.branding.logo')}
        value={values.logoUrl}
        onChange={(logoUrl) => setValues((v) => ({ ...v, logoUrl }))}
        error={errors.logoUrl}
      />
      <ImageUpload
        label={t('theme.branding.favicon')}
        description={t('theme.branding.faviconHint')}
        value={values.faviconUrl}
        onChange={(faviconUrl) => setValues((v) => ({ ...v, faviconUrl }))}
        error={errors.faviconUrl}
        testId="theme-favicon"
      />
      {SOCIAL_NETWORKS.map((network) => (
        <TextInput
          key={network}
          label={t(`theme.branding.${network}`)}
          placeholder={t(`theme.branding.${network}Placeholder`)}
          value={values.social[network]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setValues((v) => ({ ...v, social: { ...v.social, [network]: value } }));
          }}
          error={errors[`social.${network}`]}
          data-testid={`theme-social-${network}`}
        />
      ))}
      <Group justify="flex-end">
        <Badge variant="light" color="gray">
          {t('theme.branding.appliesAtOnce')}
        </Badge>
        <Button onClick={submit} loading={save.isPending} data-testid="theme-branding-save">
          {t('theme.branding.save')}
        </Button>
      </Group>
    </Stack>
  );
}
