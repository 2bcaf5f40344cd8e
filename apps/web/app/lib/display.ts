import type { UserView } from '@shop/shared';
import type { TFunction } from 'i18next';

/** How the interface addresses the user: first name, else the full name parts, else the e-mail. */
export function displayName(user: Pick<UserView, 'firstName' | 'lastName' | 'email'>): string {
  return user.firstName?.trim() || user.lastName?.trim() || user.email;
}

/**
 * The user's time zone (GMT-12 … GMT+13, SPEC §2) as an IANA zone Intl understands. The
 * Etc/ zones count the other way round: GMT+4 is Etc/GMT-4.
 */
export function intlTimeZone(timeZone: string): string | undefined {
  const match = /^GMT([+-])(\d{1,2})$/.exec(timeZone);
  if (!match) return undefined;
  const hours = Number(match[2]);
  if (hours === 0) return 'Etc/GMT';
  return `Etc/GMT${match[1] === '+' ? '-' : '+'}${hours}`;
}

/**
 * Whether the browser really knows the language's month names: Chrome's bundled ICU accepts
 * "az" but lacks its data and would print "2026 M11 21".
 */
function knowsMonthNames(language: string): boolean {
  return !/^M\d/.test(new Intl.DateTimeFormat(language, { month: 'long' }).format(new Date(Date.UTC(2020, 0, 15))));
}

/** A date in the user's language and time zone, e.g. "12 mart 2026". */
export function formatDate(iso: string, language: string, timeZone: string, t: TFunction): string {
  const date = new Date(iso);
  const zone = intlTimeZone(timeZone);
  if (knowsMonthNames(language)) {
    return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: zone }).format(date);
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: zone })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return t('cp.dates.long', { day: parts.day, month: t(`cp.dates.months.${parts.month}`), year: parts.year });
}

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
  return t('cp.dates.dateTime', { date: formatDate(iso, language, timeZone, t), time: formatTime(iso, timeZone) });
}

/** A file's size as people read it: "240 KB", "3,4 MB" (the units as the language writes them). */
export function fileSize(bytes: number, language: string): string {
  const [kb, mb] = language === 'ru' ? ['КБ', 'МБ'] : ['KB', 'MB'];
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1) return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(megabytes)} ${mb}`;
  return `${Math.max(1, Math.round(bytes / 1024))} ${kb}`;
}
