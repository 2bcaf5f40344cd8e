import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  LANGUAGES,
  type Language,
  phoneSchema,
  TIME_ZONES,
  type UpdateUserInput,
  type UserView,
  updateUserSchema,
} from '@shop/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import { errorText, fieldErrors, localizedResolver } from '../../lib/form';
import { fullPhone, localPhone, maskLocalPhone } from '../../lib/phone';
import { cookieNames, writeCookie } from '../../lib/storage';
import { useNotice } from '../../ui/notice';
import { useUpdateUser } from './queries';

/** Each language by its own name, as a speaker looks for it. */
const LANGUAGE_NAMES: Record<Language, string> = { az: 'Azərbaycanca', en: 'English', ru: 'Русский' };

type ProfileValues = {
  firstName: string;
  lastName: string;
  /** The national part only; +994 is shown in front of the field. */
  phone: string;
  language: Language;
  timeZone: string;
  photoUrl: string | null;
};

/** The API's rules, with the phone checked as the field holds it (without +994). */
const profileSchema = z.object({
  firstName: updateUserSchema.shape.firstName,
  lastName: updateUserSchema.shape.lastName,
  phone: z.string().refine((v) => v === '' || phoneSchema.safeParse(v).success, 'invalidPhone'),
  language: updateUserSchema.shape.language,
  timeZone: updateUserSchema.shape.timeZone,
});

const valuesOf = (user: UserView): ProfileValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  phone: localPhone(user.phone),
  language: user.language,
  timeZone: user.timeZone,
  photoUrl: user.photoUrl,
});

export interface PhotoInput {
  value: string | null;
  onChange: (url: string | null) => void;
}

/**
 * The profile of SPEC §2 (name, phone, preferred language, time zone, photo) → PUT
 * /User/update-user with only what changed. A new language is the interface's too.
 */
export function ProfileForm({ user, renderPhoto }: { user: UserView; renderPhoto: (input: PhotoInput) => ReactNode }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const revalidator = useRevalidator();
  const update = useUpdateUser();
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(user),
    validate: localizedResolver(profileSchema, t),
  });

  const submit = form.onSubmit((values) => {
    const changes: UpdateUserInput = {};
    if (form.isDirty('firstName')) changes.firstName = values.firstName.trim();
    if (form.isDirty('lastName')) changes.lastName = values.lastName.trim();
    if (form.isDirty('phone')) changes.phone = fullPhone(values.phone);
    if (form.isDirty('language')) changes.language = values.language;
    if (form.isDirty('timeZone')) changes.timeZone = values.timeZone;
    if (form.isDirty('photoUrl')) changes.photoUrl = values.photoUrl;
    update.mutate(changes, {
      onSuccess: async (saved) => {
        const next = valuesOf(saved);
        // The saved values are the new baseline: nothing is dirty, Discard returns here.
        form.setValues(next);
        form.resetDirty(next);
        if (!changes.language) return notice(t('cp.account.profile.saved'));
        // The interface follows the new preference: the root reads the cookie again.
        writeCookie(cookieNames.language, changes.language, 365);
        notice(t('cp.account.profile.saved', { lng: changes.language }));
        await revalidator.revalidate();
      },
      onError: (error) => {
        const fields = fieldErrors(error, t);
        form.setErrors(fields);
        if (Object.keys(fields).length === 0) notice(errorText(error, t), 'error');
      },
    });
  });

  const photo = form.getInputProps('photoUrl');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate aria-labelledby="profile-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="profile-title">
              {t('cp.account.profile.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('cp.account.profile.text')}
            </Text>
          </div>
          {renderPhoto({ value: photo.value, onChange: (url) => form.setFieldValue('photoUrl', url) })}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('cp.account.profile.firstName')}
              autoComplete="given-name"
              data-testid="profile-first-name"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('cp.account.profile.lastName')}
              autoComplete="family-name"
              data-testid="profile-last-name"
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={t('cp.account.profile.phone')}
            description={t('cp.account.profile.phoneHint', { example: '10 234 56 78' })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder="10 234 56 78"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            leftSection={
              <Text size="sm" c="dimmed">
                +994
              </Text>
            }
            leftSectionWidth={52}
            data-testid="profile-phone"
            {...form.getInputProps('phone')}
            onChange={(event) => form.setFieldValue('phone', maskLocalPhone(event.currentTarget.value))}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('cp.account.profile.language')}
              description={t('cp.account.profile.languageHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
              allowDeselect={false}
              data-testid="profile-language"
              {...form.getInputProps('language')}
            />
            <Select
              label={t('cp.account.profile.timeZone')}
              data={TIME_ZONES}
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('cp.account.profile.timeZoneNone')}
              data-testid="profile-time-zone"
              {...form.getInputProps('timeZone')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} data-testid="profile-save">
              {t('cp.account.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
