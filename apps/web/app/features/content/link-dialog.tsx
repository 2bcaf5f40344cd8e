import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  MENU_ITEM_KINDS,
  MENU_LABEL_MAX,
  MENU_URL_MAX,
  type MenuItemKind,
  type MenuLocation,
  menuItemSchema,
} from '@shop/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedResolver } from '../../lib/form';
import type { LinkTargets } from './targets';

// A type, not an interface: the resolver takes it as a plain record.
type LinkValues = { kind: MenuItemKind; target: string; label: string };

const EMPTY: LinkValues = { kind: 'page', target: '', label: '' };

interface LinkDialogProps {
  opened: boolean;
  location: MenuLocation;
  /** The line being changed; null: a new one. */
  link: LinkValues | null;
  targets: LinkTargets;
  onClose: () => void;
  onSubmit: (link: LinkValues) => void;
}

/**
 * A link of a menu: what it leads to — a kind, then one of the store's categories, collections,
 * pages or policies, or another site's address — and, if wanted, its own words (else the target's
 * name, which follows a rename).
 */
export function LinkDialog({ opened, location, link, targets, onClose, onSubmit }: LinkDialogProps) {
  const { t } = useTranslation();
  const resolve = localizedResolver(menuItemSchema, t);
  const form = useForm<LinkValues>({ initialValues: EMPTY, validate: (values) => resolve(values) });

  // Each opening starts from the line (or afresh).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened, not on every render of the form.
  useEffect(() => {
    if (!opened) return;
    const start = link ?? EMPTY;
    form.setValues(start);
    form.resetDirty(start);
    form.clearErrors();
  }, [opened, link]);

  const values = form.getValues();
  const picks =
    values.kind === 'home' || values.kind === 'catalog' || values.kind === 'url' ? null : targets[values.kind];
  const chosen = picks?.find((option) => option.value === values.target);
  const kindProps = form.getInputProps('kind');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(link ? 'content.link.editTitle' : 'content.link.addTitle', {
        menu: t(`content.menus.${location}.title`),
      })}
      centered
      data-testid="link-dialog"
    >
      <form
        noValidate
        onSubmit={form.onSubmit((submitted) =>
          onSubmit({
            kind: submitted.kind,
            label: submitted.label.trim(),
            target: submitted.kind === 'home' || submitted.kind === 'catalog' ? '' : submitted.target.trim(),
          }),
        )}
      >
        <Stack gap="md">
          <NativeSelect
            label={t('content.link.kind')}
            data={MENU_ITEM_KINDS.map((kind) => ({ value: kind, label: t(`content.kinds.${kind}`) }))}
            data-testid="link-kind"
            {...kindProps}
            onChange={(event) => {
              form.setFieldValue('kind', event.currentTarget.value as MenuItemKind);
              form.setFieldValue('target', '');
              form.clearErrors();
            }}
          />
          {picks && (
            <NativeSelect
              label={t(`content.link.targets.${values.kind}`)}
              description={
                picks.length === 0
                  ? t(`content.link.none.${values.kind}`)
                  : chosen && !chosen.shown
                    ? t('content.link.hiddenTarget')
                    : undefined
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data={[
                { value: '', label: t('content.link.choose'), disabled: true },
                ...picks.map((option) => ({
                  value: option.value,
                  label: option.shown ? option.label : t('content.link.hiddenOption', { name: option.label }),
                })),
              ]}
              required
              data-testid="link-target"
              {...form.getInputProps('target')}
            />
          )}
          {values.kind === 'url' && (
            <TextInput
              label={t('content.link.url')}
              placeholder="https://instagram.com/…"
              type="url"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={MENU_URL_MAX}
              required
              data-testid="link-url"
              {...form.getInputProps('target')}
            />
          )}
          <TextInput
            label={t('content.link.label')}
            description={values.kind === 'url' ? t('content.link.labelRequired') : t('content.link.labelHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={
              chosen?.label ??
              (values.kind === 'home' || values.kind === 'catalog' ? t(`content.kinds.${values.kind}`) : '')
            }
            maxLength={MENU_LABEL_MAX}
            required={values.kind === 'url'}
            data-testid="link-label"
            {...form.getInputProps('label')}
          />
          <Text size="xs" c="dimmed">
            {t('content.link.notYet')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('catalog.common.cancel')}
            </Button>
            <Button type="submit" data-testid="link-submit">
              {t(link ? 'content.link.update' : 'content.link.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
