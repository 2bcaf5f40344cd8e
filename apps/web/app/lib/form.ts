import type { UseFormReturnType } from '@mantine/form';
import type { MessageKey } from '@shop/shared';
import type { TFunction } from 'i18next';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useNotice } from '../ui/notice';
import { ApiError } from './api';

/** A Mantine form resolver from a shared zod schema whose messages are catalogue keys. */
export function localizedResolver<T extends z.ZodType>(schema: T, t: TFunction) {
  // The first failing rule of a field is the one to show ("fill in" before "too short").
  const resolve = zod4Resolver(schema, { errorPriority: 'first' });
  return (values: Record<string, unknown>) => {
    const errors = resolve(values);
    return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(`messages:${String(key)}`)]));
  };
}

/** Text for a failed call, in the interface language. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return t(`messages:${error.code}`, error.params ?? {});
  return t('messages:INTERNAL');
}

/** Field errors of a failed call, as Mantine form errors (with the figures the message names, as STOCK_HELD's). */
export function fieldErrors(error: unknown, t: TFunction): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([field, { code, params }]) => [
      field,
      t(`messages:${code satisfies MessageKey}`, params ?? error.params ?? {}),
    ]),
  );
}

/**
 * Submitting a form to the API: `busy` while it runs; a failure shows the server's field errors
 * at their fields and its message as a notice, unless `onError` says it took care of it.
 */
export function useApiSubmit<Values>(
  form: UseFormReturnType<Values>,
  action: (values: Values) => Promise<void>,
  onError?: (error: unknown) => boolean,
) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  const onSubmit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await action(values);
    } catch (error) {
      if (onError?.(error)) return;
      form.setErrors(fieldErrors(error, t));
      notice(errorText(error, t), 'error');
    } finally {
      setBusy(false);
    }
  });
  return { busy, onSubmit };
}

/**
 * Brings the first field with a message inside `container` into view and focuses it, once the
 * messages have rendered: a long form (a product, an article) shows why it did not save.
 */
export function showFirstError(container: HTMLElement | null) {
  setTimeout(() => {
    const field = container?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.focus({ preventScroll: true });
  }, 50);
}
