import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import type { ActionErrors } from './actions';

/** The text of a dialog's field error: a catalogue message, or one of the orders screen's own. */
export function useActionErrorText() {
  const { t } = useTranslation();
  return (error: ActionErrors[string], values: Record<string, unknown> = {}): string =>
    'key' in error ? t(`messages:${error.key}`) : t(`orders.errors.${error.text}`, values);
}

/**
 * What the server said beyond the catalogue's words: a refusal of the payment provider comes as
 * "Failed to refund order" (the notice) with the provider's own words in `reason`, which the
 * dialog shows where the merchant is looking. Null when there is nothing more to say.
 */
export function useServerReason() {
  const { t } = useTranslation();
  return (error: unknown): string | null => {
    if (!(error instanceof ApiError) || error.status === 0) return null;
    if (error.reason?.trim()) return t('orders.errors.reason', { reason: error.reason.trim() });
    if (Object.keys(error.fields).length > 0) return null;
    const message = error.message.trim();
    return message && message !== t(`messages:${error.code}`) ? message : null;
  };
}
