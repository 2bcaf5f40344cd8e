import { nationalPhone, normalizePhone } from '@shop/shared';

/**
 * Phone fields show +994 in front and hold the national part, grouped as it is written
 * ("10 234 56 78", SPEC §5). A pasted +994 / 994 / 00994 prefix and the trunk 0 ("050 …") are
 * dropped while typing; the server reads every such form too (shared normalizePhone).
 */
export const maskLocalPhone = nationalPhone;

/** The stored +994… number as the field shows it. */
export function localPhone(phone: string | null): string {
  return nationalPhone(phone);
}

/** The field's value as the API takes it: +994 and the digits, or null to clear. */
export function fullPhone(local: string): string | null {
  if (!local.trim()) return null;
  // Anything the form let through reads; otherwise the server says what is wrong.
  return normalizePhone(local) ?? local;
}
