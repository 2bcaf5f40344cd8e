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
 * A fulfilment or refund that failed, as SPEC §8 says it — "Failed to fulfill order", "Failed to
 * refund order" — with the reason under it: the payment provider's own words (REFUND_FAILED's
 * `reason`), else what the server answered (this order is already fulfilled, the connection
 * failed, …). No reason when the server named fields (they show at their fields) or said no more.
 */
export function useActionFailure(action: 'fulfil' | 'refund') {
  const { t } = useTranslation();
  const failed = action === 'fulfil' ? 'FULFILL_FAILED' : 'REFUND_FAILED';
  return (error: unknown): { title: string; reason: string | null } => {
    const title = t(`messages:${failed}`);
    if (!(error instanceof ApiError)) return { title, reason: t('messages:INTERNAL') };
    if (error.reason?.trim()) return { title, reason: t('orders.errors.reason', { reason: error.reason.trim() }) };
    if (error.code === failed || Object.keys(error.fields).length > 0) return { title, reason: null };
    return { title, reason: t(`messages:${error.code}`, error.params ?? {}) };
  };
}
