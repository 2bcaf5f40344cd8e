import { localPhone } from '../../lib/phone';

/** The order's name as a store with these settings numbers it: prefix + number + suffix. */
export function orderName(prefix: string, number: number, suffix: string): string {
  return `${prefix}${number}${suffix}`;
}

/** "+994102345678" → "+994 10 234 56 78"; anything else as it was given. */
export function displayPhone(phone: string): string {
  return /^\+994\d{9}$/.test(phone) ? `+994 ${localPhone(phone)}` : phone;
}
