import type { TFunction } from 'i18next';
import { formatDate, intlTimeZone } from '../../lib/display';
import { localPhone } from '../../lib/phone';

/** "14:05" in the user's time zone (GMT±N of their profile). */
export function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: intlTimeZone(timeZone),
  }).format(new Date(iso));
}

/** "12 mart 2026, 14:05" / "March 12, 2026, 14:05": a moment in the user's language and time zone. */
export function formatDateTime(iso: string, language: string, timeZone: string, t: TFunction): string {
  return t('orders.dateTime', { date: formatDate(iso, language, timeZone, t), time: formatTime(iso, timeZone) });
}

/** The order's name as a store with these settings numbers it: prefix + number + suffix. */
export function orderName(prefix: string, number: number, suffix: string): string {
  return `${prefix}${number}${suffix}`;
}

/** "+994102345678" → "+994 10 234 56 78"; anything else as it was given. */
export function displayPhone(phone: string): string {
  return /^\+994\d{9}$/.test(phone) ? `+994 ${localPhone(phone)}` : phone;
}
