import { z } from 'zod';
import { timestampSchema } from './responses.js';

/**
 * A store's bank details (SPEC §3; issue 14): where its payouts go. Azerbaijani formats — a VÖEN
 * (tax number) is 10 digits, a bank code 6, accounts are AZ IBANs of 28 characters whose check
 * digits are verified (ISO 13616, mod 97), a SWIFT/BIC 8 or 11 characters. Spaces people paste
 * from bank statements are dropped and letters capitalised before anything is checked or kept.
 */

/** Account numbers and codes as kept: no spaces, capitals. */
export function compactCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** AZ, two check digits, the bank's four letters, twenty letters or digits. */
const AZ_IBAN = /^AZ\d{2}[A-Z]{4}[A-Z0-9]{20}$/;

/** Whether an IBAN's check digits match (ISO 13616: the rearranged number mod 97 is 1). */
export function ibanChecksumValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    // Letters count as 10–35; digits as themselves. Folding piece by piece keeps it in a number.
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const compact = (max: number) => z.string().max(max, 'tooLong').transform(compactCode);

const voenSchema = compact(40).pipe(
  z
    .string()
    .min(1, 'required')
    .regex(/^\d{10}$/, 'invalidVoen'),
);

const azIbanSchema = compact(60).pipe(
  z
    .string()
    .min(1, 'required')
    .regex(AZ_IBAN, 'invalidIban')
    .refine((iban) => ibanChecksumValid(iban), 'ibanChecksum'),
);

/** The fields a merchant fills in, named as SPEC §3 lists them. */
export const bankDetailsFieldsSchema = z.strictObject({
  /** The store's (the merchant's) VÖEN. */
  taxNumber: voenSchema,
  bank: z.string().trim().min(1, 'required').max(120, 'tooLong'),
  /** The bank's VÖEN. */
  bankTaxNumber: voenSchema,
  /** The bank's code (6 digits). */
  code: compact(40).pipe(
    z
      .string()
      .min(1, 'required')
      .regex(/^\d{6}$/, 'invalidBankCode'),
  ),
  correspondentAccount: azIbanSchema,
  swift: compact(40).pipe(
    z
      .string()
      .min(1, 'required')
      .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'invalidSwift'),
  ),
  /** The store's own account at that bank, where payouts arrive. */
  settlementAccount: azIbanSchema,
});
export type BankDetailsFields = z.infer<typeof bankDetailsFieldsSchema>;
/** The fields in SPEC §3's order (the form's, and what makes two versions the same). */
export const BANK_DETAILS_FIELDS = Object.keys(bankDetailsFieldsSchema.shape) as (keyof BankDetailsFields)[];

/** PUT /BankDetails/{marketId}: the details and the account's password (changing them pays money elsewhere). */
export const saveBankDetailsSchema = bankDetailsFieldsSchema.extend({
  password: z.string().min(1, 'required').max(256, 'tooLong'),
});
export type SaveBankDetailsInput = z.input<typeof saveBankDetailsSchema>;

/**
 * The store's details as its owner sees them; `id` names this version (each change is a new one,
 * and a payout keeps the version it was made with). Null until first saved.
 */
export const bankDetailsSchema = z
  .strictObject({
    id: z.uuid(),
    taxNumber: z.string(),
    bank: z.string(),
    bankTaxNumber: z.string(),
    code: z.string(),
    correspondentAccount: z.string(),
    swift: z.string(),
    settlementAccount: z.string(),
    savedAt: timestampSchema,
  })
  .nullable();
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** An account as shown where it need not be read in full (e-mails, payouts): its last four characters. */
export function maskAccount(account: string): string {
  return `•••• ${account.slice(-4)}`;
}
