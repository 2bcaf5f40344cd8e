/** Azerbaijani numbers: +994 and nine digits, written "10 234 56 78" (SPEC §5). */
const LOCAL_DIGITS = 9;

/**
 * The national part as it is typed, grouped 2-3-2-2. A pasted +994 / 994 prefix and the
 * domestic trunk 0 ("050 …") are dropped, since the field shows +994 in front.
 */
export function maskLocalPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.length > LOCAL_DIGITS && digits.startsWith('994')) digits = digits.slice(3);
  digits = digits.replace(/^0+/, '').slice(0, LOCAL_DIGITS);
  return [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5, 7), digits.slice(7, 9)].filter(Boolean).join(' ');
}

/** The stored +994… number as the field shows it. */
export function localPhone(phone: string | null): string {
  return phone ? maskLocalPhone(phone) : '';
}

/** The field's value as the API takes it: +994 and the digits, or null to clear. */
export function fullPhone(local: string): string | null {
  const digits = local.replace(/\D/g, '');
  return digits ? `+994${digits}` : null;
}
