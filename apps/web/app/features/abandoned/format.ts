import { type AbandonedCheckout, formatPhone } from '@shop/shared';
import type { TFunction } from 'i18next';
import { formatDate, intlTimeZone } from '../../lib/display';

/** How long ago: "5 min", "3 h", "2 days" (in the interface's language). */
export function age(iso: string, t: TFunction, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return t('abandoned.age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('abandoned.age.hours', { count: hours });
  return t('abandoned.age.days', { count: Math.floor(hours / 24) });
}

/** "12 mart 2026, 14:05": a moment in the user's language and time zone. */
export function moment(iso: string, language: string, timeZone: string, t: TFunction): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: intlTimeZone(timeZone),
  }).format(new Date(iso));
  return t('abandoned.dateTime', { date: formatDate(iso, language, timeZone, t), time });
}

/** "Linen shirt × 2, Mug × 1" — the first two lines, and how many more. */
export function linesSummary(checkout: Pick<AbandonedCheckout, 'items'>, t: TFunction): string {
  const shown = checkout.items.slice(0, 2).map((i) => `${i.title} × ${i.quantity}`);
  const more = checkout.items.length - shown.length;
  return more > 0 ? t('abandoned.list.linesMore', { lines: shown.join(', '), count: more }) : shown.join(', ');
}

export type ReminderState = 'recovered' | 'sent' | 'due' | 'off';

/** Where the checkout's reminder stands. */
export function reminderState(checkout: AbandonedCheckout): ReminderState {
  if (checkout.recoveredAt) return 'recovered';
  if (checkout.reminderSentAt) return 'sent';
  if (checkout.reminderDueAt) return 'due';
  return 'off';
}

/** A stored +994… number as people write it ("+994 10 234 56 78"); anything else as it is. */
export function shownPhone(phone: string): string {
  return /^\+994\d{9}$/.test(phone) ? formatPhone(phone) : phone;
}
