import { z } from 'zod';
import { timestampSchema } from './responses.js';

/**
 * A store's custom domains (SPEC §2 Domains, §7 /markets/{marketId}/domains; issue 15). The
 * merchant adds a host name they own, points it at the platform with two DNS records, and once a
 * check finds them the domain is verified: it serves the store at its root, over HTTPS (issued on
 * demand by the proxy in front, which asks us first), and the one chosen primary is where the
 * store's other addresses send shoppers.
 */

/** Domains one store may have. */
export const DOMAINS_PER_MARKET = 10;

/** The TXT record that proves the merchant controls the name: `{DOMAIN_TXT_PREFIX}.{domain}`. */
export const DOMAIN_TXT_PREFIX = '_shop-builder';

/**
 * SPEC §9: a change of DNS reaches the world in 5 minutes to 24 hours; checks go on for a week.
 * A verified domain is looked at again every day; records found missing are looked for every few
 * hours, and a domain whose records stay missing for `lostAfterDays` stops being served.
 */
export const DOMAIN_CHECK = {
  firstDelayMinutes: 5,
  maxDelayMinutes: 60,
  giveUpAfterDays: 7,
  verifiedEveryHours: 24,
  missingEveryHours: 6,
  lostAfterDays: 3,
} as const;

/**
 * A host name as the merchant typed it, as the one form we keep: lowercase, no trailing dot,
 * internationalised labels in punycode (xn--…). Answers the catalogue key of what is wrong
 * instead when it is not a host name a store could have: a scheme, path, port or address in it
 * (`domainHostOnly`), an IP address (`domainNotIp`), a single label or a malformed one
 * (`domainInvalid`).
 */
export function normalizeDomain(typed: string): { domain: string } | { error: DomainFormatError } {
  const text = typed.trim().replace(/\.$/, '');
  if (text === '') return { error: 'required' };
  if (/[/:@?#\\\s]/.test(text)) return { error: 'domainHostOnly' };
  let host: string;
  try {
    // WHATWG URL parsing lowercases and turns Unicode labels into punycode, as browsers do.
    host = new URL(`http://${text}`).hostname;
  } catch {
    return { error: 'domainInvalid' };
  }
  if (/^\d+(\.\d+){3}$/.test(host) || host.startsWith('[')) return { error: 'domainNotIp' };
  const labels = host.split('.');
  const valid =
    host.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) &&
    /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels.at(-1) as string);
  return valid ? { domain: host } : { error: 'domainInvalid' };
}
export type DomainFormatError = 'required' | 'domainHostOnly' | 'domainNotIp' | 'domainInvalid';

export const createDomainSchema = z.strictObject({
  name: z
    .string('required')
    .max(300, 'domainInvalid')
    .transform((typed, context) => {
      const result = normalizeDomain(typed);
      if ('error' in result) {
        context.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.domain;
    }),
});
export type CreateDomainInput = z.input<typeof createDomainSchema>;

/** PUT /markets/{marketId}/domains/{id}: switch it on or off, make it the primary. */
export const updateDomainSchema = z
  .strictObject({ active: z.boolean('invalidValue').optional(), primary: z.boolean('invalidValue').optional() })
  .refine((v) => v.active !== undefined || v.primary !== undefined, { message: 'required', path: ['active'] });
export type UpdateDomainInput = z.input<typeof updateDomainSchema>;

/** A DNS record the merchant creates at their domain's registrar. */
export const dnsRecordSchema = z.strictObject({
  type: z.enum(['CNAME', 'A', 'TXT']),
  /** The record's name as registrars ask for it: the full host. */
  host: z.string(),
  value: z.string(),
  /** Whether the last check found it. */
  found: z.boolean(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const DOMAIN_CHECK_RESULTS = ['pending', 'verified', 'recordsMissing', 'gaveUp'] as const;

export const domainSchema = z.strictObject({
  id: z.uuid(),
  /** As kept (punycode); `displayName` in its own letters, for people (bücher.az). */
  name: z.string(),
  displayName: z.string(),
  active: z.boolean(),
  /** HTTPS: on once verified (certificates are issued on demand by the proxy). */
  sslEnabled: z.boolean(),
  primary: z.boolean(),
  verified: z.boolean(),
  verifiedAt: timestampSchema.nullable(),
  /** The records to create: one pointing the name at us (CNAME, or A for a bare domain), one TXT proving it is theirs. */
  records: z.array(dnsRecordSchema),
  lastCheckedAt: timestampSchema.nullable(),
  /** When it is checked again by itself (daily once verified); null once given up. */
  nextCheckAt: timestampSchema.nullable(),
  /**
   * A verified domain whose records a check no longer found: since when, and when it stops being
   * served unless they are back (null while all is well).
   */
  missingSince: timestampSchema.nullable(),
  stopsAt: timestampSchema.nullable(),
  /** Domains renew every year (SPEC §9): the next renewal. */
  renewsAt: timestampSchema,
  createdAt: timestampSchema,
});
export type Domain = z.infer<typeof domainSchema>;
