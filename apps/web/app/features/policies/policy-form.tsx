import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  formatPhone,
  isBlankHtml,
  LANGUAGES,
  type Language,
  POLICY_TITLE_MAX,
  type Policy,
  type PolicyType,
  policyTemplate,
  savePolicySchema,
} from '@shop/shared';
import { IconExternalLink, IconFileText } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedResolver, useApiSubmit } from '../../lib/form';
import { languageOf } from '../../lib/i18n';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useNotice } from '../../ui/notice';
import { RichTextField } from '../../ui/rich-text-editor';
import { useSavePolicy } from './queries';

// A type, not an interface: the resolver takes it as a plain record.
type PolicyValues = { title: string; content: string };

const valuesOf = (policy: Policy): PolicyValues => ({ title: policy.title, content: policy.content });

interface PolicyFormProps {
  marketId: string;
  /** The store's address name: its storefront is at /{marketName}. */
  marketName: string;
  /** The policy as saved. */
  policy: Policy;
  /** What a template names: the signed-in owner's e-mail and phone. */
  contact: { email: string; phone: string | null };
  /** Tells the page whether this policy has unsaved changes (its guard and the item's badge). */
  onDirtyChange: (type: PolicyType, dirty: boolean) => void;
}

/**
 * One policy: its title and text, saved on its own. A template in any of the three languages fills
 * both (asking first when it would replace text); nothing reaches the store until it is saved, and
 * an empty text saved takes the policy off the store.
 */
export function PolicyForm({ marketId, marketName, policy, contact, onDirtyChange }: PolicyFormProps) {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const save = useSavePolicy(marketId);
  const resolve = localizedResolver(savePolicySchema, t);
  const form = useForm<PolicyValues>({
    initialValues: valuesOf(policy),
    validate: (values) => resolve(values),
  });
  const { busy, onSubmit } = useApiSubmit(form, async (values) => {
    const saved = await save.mutateAsync({ type: policy.type, input: values });
    // The text as the server keeps it (sanitized, title trimmed) is the new starting point.
    form.setValues(valuesOf(saved));
    form.resetDirty(valuesOf(saved));
    const name = t(`policies.types.${policy.type}`);
    notice(t(isBlankHtml(saved.content) ? 'policies.saved.hidden' : 'policies.saved.shown', { name }));
  });

  const titleRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    onSubmit(event);
    // Below a long text the title's message would be out of sight: take the merchant to it.
    if (!form.isValid('title')) titleRef.current?.focus();
  };

  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(policy.type, dirty), [policy.type, dirty, onDirtyChange]);

  // A merchant may publish in another language than their panel's.
  const [language, setLanguage] = useState<Language>(languageOf(i18n.language));
  const [confirming, setConfirming] = useState(false);
  const values = form.getValues();
  const hasText = !isBlankHtml(values.content);
  const fillFromTemplate = () => {
    const template = policyTemplate(policy.type, language, {
      store: marketName,
      email: contact.email,
      phone: contact.phone ? formatPhone(contact.phone) : null,
    });
    form.setValues({ title: template.title, content: template.html });
    form.clearErrors();
    setConfirming(false);
    notice(t('policies.template.filled'));
  };

  const shownOnStore = !isBlankHtml(policy.content);
  const id = useId();
  return (
    <form onSubmit={submit} noValidate data-testid={`policy-form-${policy.type}`}>
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
          <Group justify="space-between" align="flex-end" gap="sm">
            <div style={{ flex: '1 1 260px', minWidth: 0 }}>
              <Text size="sm" fw={600} id={`${id}-template`}>
                {t('policies.template.title')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('policies.template.hint')}
              </Text>
            </div>
            <Group gap="xs" align="flex-end">
              <NativeSelect
                size="sm"
                label={t('policies.template.language')}
                value={language}
                onChange={(event) => setLanguage(languageOf(event.currentTarget.value))}
                data={LANGUAGES.map((l) => ({ value: l, label: t(`policies.languages.${l}`) }))}
                data-testid="policy-template-language"
              />
              <Button
                variant="light"
                leftSection={<IconFileText size={16} aria-hidden />}
                onClick={() => (hasText || values.title.trim() ? setConfirming(true) : fillFromTemplate())}
                aria-describedby={`${id}-template`}
                data-testid="policy-template"
              >
                {t(hasText ? 'policies.template.replace' : 'policies.template.start')}
              </Button>
            </Group>
          </Group>
        </Paper>

        <TextInput
          label={t('policies.form.title')}
          description={t('policies.form.titleHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={t(`policies.types.${policy.type}`)}
          maxLength={POLICY_TITLE_MAX}
          required={hasText}
          ref={titleRef}
          data-testid="policy-title"
          {...form.getInputProps('title')}
        />
        <RichTextField
          label={t('policies.form.content')}
          description={t('policies.form.contentHint')}
          value={values.content}
          onChange={(html) => form.setFieldValue('content', html)}
          error={form.errors.content}
          testId="policy-content"
          minHeight={280}
        />

        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button type="submit" loading={busy} data-testid="policy-save">
              {t('policies.form.save')}
            </Button>
            {dirty && (
              <Button variant="subtle" color="gray" onClick={() => form.reset()} data-testid="policy-discard">
                {t('policies.form.discard')}
              </Button>
            )}
          </Group>
          {shownOnStore && (
            <Anchor
              href={`/${marketName}/policies/${policy.type}`}
              target="_blank"
              rel="noopener"
              size="sm"
              data-testid="policy-view"
            >
              <Group gap={4} wrap="nowrap" component="span">
                {t('policies.form.view')}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          )}
        </Group>
      </Stack>

      <ConfirmDialog
        opened={confirming}
        title={t('policies.template.confirmTitle')}
        error={null}
        pending={false}
        confirmLabel={t('policies.template.confirm')}
        color="orange"
        onConfirm={fillFromTemplate}
        onClose={() => setConfirming(false)}
        testId="policy-template-confirm"
      >
        <Text size="sm">{t('policies.template.confirmText')}</Text>
      </ConfirmDialog>
    </form>
  );
}
