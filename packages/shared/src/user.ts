import { z } from 'zod';
import { limits, TIME_ZONES } from './limits.js';
import { LANGUAGES } from './messages.js';
import { idSchema, timestampSchema } from './responses.js';

// Field messages are catalogue keys (see messages.ts); the server and the web translate them.

const required = (max: number) => z.string('required').trim().min(1, 'required').max(max, 'tooLong');

// A pragmatic address check: one @, no spaces, a dot in the domain.
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const emailSchema = z
  .string('required')
  .trim()
  .toLowerCase()
  .min(1, 'required')
  .max(limits.email.max, 'tooLong')
  .regex(EMAIL_RE, 'invalidEmail');

/** Printable ASCII without space: what a keyboard in any of our languages can type. */
const PASSWORD_CHARS = /^[\x21-\x7e]+$/;

export const passwordSchema = z
  .string('required')
  .min(1, 'required')
  .min(limits.password.min, 'tooShort')
  .max(limits.password.max, 'tooLong')
  .regex(PASSWORD_CHARS, 'passwordRules')
  .regex(/[a-z]/, 'passwordRules')
  .regex(/[A-Z]/, 'passwordRules')
  .regex(/\d/, 'passwordRules')
  .regex(/[^A-Za-z0-9]/, 'passwordRules');

/** 0–4: how many of the password's kinds (length, cases, digits, specials) are strong. */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (!password) return 0;
  let score = 0;
  if (password.length >= limits.password.min) score++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  if (score === 4 && password.length < 12) return 3;
  return score as 0 | 1 | 2 | 3 | 4;
}

export const codeSchema = z.string('invalidCode').regex(/^\d{6}$/, 'invalidCode');

export const languageSchema = z.enum(LANGUAGES, 'invalidValue');

export const registerSchema = z
  .strictObject({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string('required').min(1, 'required'),
    acceptTerms: z.literal(true, 'termsRequired'),
    language: languageSchema.optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsMustMatch',
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const emailCodeSchema = z.strictObject({ email: emailSchema, code: codeSchema });
export type EmailCodeInput = z.input<typeof emailCodeSchema>;

export const resendCodeQuerySchema = z.strictObject({ email: emailSchema });

export const loginSchema = z.strictObject({
  /** Email or username. */
  login: required(limits.email.max).toLowerCase(),
  password: z.string('required').min(1, 'required').max(limits.password.max, 'tooLong'),
  rememberMe: z.boolean('invalidValue').default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.strictObject({ email: emailSchema });

export const resetPasswordSchema = z
  .strictObject({
    email: emailSchema,
    code: codeSchema,
    password: passwordSchema,
    confirmPassword: z.string('required').min(1, 'required'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsMustMatch',
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const googleCodeSchema = z.strictObject({
  code: required(2048),
  redirectUri: z.url('invalidValue').max(2048, 'tooLong'),
});

const USERNAME_RE = /^[a-z0-9._]{3,30}$/;
export const usernameSchema = z
  .string('required')
  .trim()
  .toLowerCase()
  .regex(USERNAME_RE, 'invalidUsername')
  .refine((v) => !v.includes('@'), 'invalidUsername');

/** Digits of an Azerbaijani number after the country code: "10 234 56 78" (SPEC §5). */
const NATIONAL_DIGITS = 9;

/**
 * An Azerbaijani phone number as people type it — "10 234 56 78", "010 234 56 78",
 * "+994 10 234 56 78", "994102345678", "00994 …", with or without spaces, dashes, dots or
 * brackets — as stored: "+994" and the nine national digits. Null when it is none of these.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  const match = /^(?:\+994|00994|994|0)?([1-9]\d{8})$/.exec(compact);
  return match ? `+994${match[1]}` : null;
}

/** A phone in any of the forms normalizePhone reads, stored as +994 and nine digits. */
export const phoneSchema = z
  .string('invalidPhone')
  .max(40, 'invalidPhone')
  .transform((v) => normalizePhone(v) ?? v)
  .pipe(z.string().regex(/^\+994\d{9}$/, 'invalidPhone'));

/** The national part, grouped as it is written: "10 234 56 78". Partial input is grouped as far as it goes. */
export function nationalPhone(phone: string | null | undefined): string {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length > NATIONAL_DIGITS && digits.startsWith('00994')) digits = digits.slice(5);
  else if (digits.length > NATIONAL_DIGITS && digits.startsWith('994')) digits = digits.slice(3);
  digits = digits.replace(/^0+/, '').slice(0, NATIONAL_DIGITS);
  return [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5, 7), digits.slice(7, 9)].filter(Boolean).join(' ');
}

export function formatPhone(phone: string): string {
  return `+994 ${nationalPhone(phone)}`.trim();
}

const optionalName = z.string('invalidValue').trim().max(limits.name.max, 'tooLong');

/** PUT /User/update-user: the profile. Absent fields stay as they are; null clears. */
export const updateUserSchema = z.strictObject({
  firstName: optionalName.optional(),
  lastName: optionalName.optional(),
  phone: z.union([phoneSchema, z.literal('').transform(() => null), z.null()]).optional(),
  language: languageSchema.optional(),
  timeZone: z.enum(TIME_ZONES as [string, ...string[]], 'invalidValue').optional(),
  photoUrl: z.union([z.string().max(1024, 'tooLong').startsWith('/uploads/', 'invalidValue'), z.null()]).optional(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** PUT /User/update-owner: the account's credentials (username, password). */
export const updateOwnerSchema = z
  .strictObject({
    username: usernameSchema.optional(),
    currentPassword: z.string('required').max(limits.password.max, 'tooLong').optional(),
    newPassword: passwordSchema.optional(),
    confirmPassword: z.string('required').optional(),
  })
  .refine((v) => !v.newPassword || v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsMustMatch',
  });
export type UpdateOwnerInput = z.input<typeof updateOwnerSchema>;

export const userViewSchema = z.strictObject({
  id: idSchema,
  email: z.string(),
  username: z.string().nullable(),
  emailConfirmed: z.boolean(),
  hasPassword: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(LANGUAGES),
  timeZone: z.string(),
  photoUrl: z.string().nullable(),
  /** One of the platform's staff (the staff area is theirs). */
  staff: z.boolean(),
  createdAt: timestampSchema,
});
export type UserView = z.infer<typeof userViewSchema>;

/** A session begun (confirm-login, google-code): its token, also set as the cookie. */
export const signedInSchema = z.strictObject({ token: z.string(), expiresAt: timestampSchema, user: userViewSchema });
export type SignedIn = z.infer<typeof signedInSchema>;

/** A code was mailed (register, login, resend, forgot-password), or a password reset, for this address. */
export const emailSentSchema = z.strictObject({ email: z.string() });
export type EmailSent = z.infer<typeof emailSentSchema>;
/** POST /User/confirm-email */
export const emailConfirmedSchema = z.strictObject({ email: z.string(), confirmed: z.literal(true) });
export type EmailConfirmed = z.infer<typeof emailConfirmedSchema>;
/** POST /User/verify-reset-code: the code is right (it stays usable for the reset). */
export const resetCodeValidSchema = z.strictObject({ email: z.string(), valid: z.literal(true) });
export type ResetCodeValid = z.infer<typeof resetCodeValidSchema>;
/** POST /User/logout */
export const signedOutSchema = z.strictObject({ signedOut: z.literal(true) });
export type SignedOut = z.infer<typeof signedOutSchema>;

/** How a person is named to others (an invitation, an order's timeline): their name, else their e-mail. */
export function personName(user: { firstName: string | null; lastName: string | null; email: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}
