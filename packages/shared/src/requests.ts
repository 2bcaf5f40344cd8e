import { z } from 'zod';
import { HELP_TOPICS } from './articles.js';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './language.js';
import { idSchema, intSchema, pageQuery, timestampSchema } from './responses.js';
import { emailSchema } from './user.js';

/**
 * What visitors send the platform from its public site (issue 17): a question for the help centre
 * (SPEC §7 POST /HelpRequest/create-help-request) and a message through the contact page (POST
 * /ContactRequest/create-contact-request). The staff read them in their inbox and mark them
 * answered or closed; each new one is e-mailed to the staff.
 */

export const SITE_REQUEST_KINDS = ['help', 'contact'] as const;
export type SiteRequestKind = (typeof SITE_REQUEST_KINDS)[number];

export const SITE_REQUEST_STATUSES = ['new', 'answered', 'closed'] as const;
export type SiteRequestStatus = (typeof SITE_REQUEST_STATUSES)[number];

/** What a help request is about: a help topic, or something else. */
export const HELP_REQUEST_TOPICS = [...HELP_TOPICS, 'other'] as const;
export type HelpRequestTopic = (typeof HELP_REQUEST_TOPICS)[number];

/**
 * The help topics' names in each language, one list for every place that says them: the help
 * centre and its question form, the staff's inbox and writing screens, the staff's e-mail (the
 * server mails without the web's texts, where a second list had already drifted from the first).
 */
export const HELP_TOPIC_NAMES: Record<Language, Record<HelpRequestTopic, string>> = {
  az: {
    start: 'Başlanğıc',
    products: 'Məhsullar və kataloq',
    orders: 'Sifarişlər və müştərilər',
    payments: 'Ödənişlər və köçürmələr',
    shipping: 'Çatdırılma',
    design: 'Mağazanın dizaynı',
    domains: 'Domenlər',
    account: 'Hesab və təhlükəsizlik',
    other: 'Başqa mövzu',
  },
  en: {
    start: 'Getting started',
    products: 'Products and catalogue',
    orders: 'Orders and customers',
    payments: 'Payments and payouts',
    shipping: 'Shipping and delivery',
    design: 'Store design',
    domains: 'Domains',
    account: 'Account and security',
    other: 'Something else',
  },
  ru: {
    start: 'С чего начать',
    products: 'Товары и каталог',
    orders: 'Заказы и покупатели',
    payments: 'Платежи и выплаты',
    shipping: 'Доставка',
    design: 'Дизайн магазина',
    domains: 'Домены',
    account: 'Аккаунт и безопасность',
    other: 'Другое',
  },
};

/** A help topic's name in `language` (Azerbaijani for one we do not have). */
export function helpTopicName(topic: HelpRequestTopic, language: string): string {
  return HELP_TOPIC_NAMES[isLanguage(language) ? language : DEFAULT_LANGUAGE][topic];
}

export const SITE_REQUEST_LIMITS = {
  name: 100,
  phone: 30,
  subject: { min: 3, max: 150 },
  message: { min: 10, max: 5000 },
} as const;

/**
 * The field a person never sees (hidden from view and from screen readers) and a script fills in:
 * anything in it refuses the form (SPAM_SUSPECTED), nothing is kept.
 */
export const HONEYPOT_FIELD = 'website';

const text = (min: number, max: number) =>
  z.string('required').trim().min(1, 'required').min(min, 'tooShort').max(max, 'tooLong');

const common = {
  name: text(1, SITE_REQUEST_LIMITS.name),
  email: emailSchema,
  phone: z
    .string('invalidValue')
    .trim()
    .max(SITE_REQUEST_LIMITS.phone, 'tooLong')
    .regex(/^[\d\s()+-]*$/, 'invalidPhone')
    .nullable()
    .optional()
    .transform((v) => v || null),
  message: text(SITE_REQUEST_LIMITS.message.min, SITE_REQUEST_LIMITS.message.max),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
};

/** POST /HelpRequest/create-help-request. */
export const helpRequestSchema = z.strictObject({
  ...common,
  topic: z.enum(HELP_REQUEST_TOPICS, { error: () => 'invalidValue' }).default('other'),
});
export type HelpRequestInput = z.input<typeof helpRequestSchema>;

/** POST /ContactRequest/create-contact-request. */
export const contactRequestSchema = z.strictObject({
  ...common,
  subject: text(SITE_REQUEST_LIMITS.subject.min, SITE_REQUEST_LIMITS.subject.max),
});
export type ContactRequestInput = z.input<typeof contactRequestSchema>;

/** What the sender is told: it arrived, under this number. */
export const siteRequestReceiptSchema = z.strictObject({ id: idSchema, number: intSchema });
export type SiteRequestReceipt = z.infer<typeof siteRequestReceiptSchema>;

/** A request as the staff read it. */
export const siteRequestSchema = z.strictObject({
  id: idSchema,
  /** Counted across both kinds, from 1: what the sender and the staff call it. */
  number: intSchema,
  kind: z.enum(SITE_REQUEST_KINDS),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  topic: z.enum(HELP_REQUEST_TOPICS).nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  /** The site's language it was sent in: the answer's. */
  language: z.enum(LANGUAGES),
  status: z.enum(SITE_REQUEST_STATUSES),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type SiteRequest = z.infer<typeof siteRequestSchema>;

/** GET /Staff/requests: newest first, by kind and status. */
export const SITE_REQUEST_PAGE_SIZE = { default: 20, max: 100 } as const;
export const siteRequestQuerySchema = z.strictObject({
  kind: z.enum(SITE_REQUEST_KINDS, { error: () => 'invalidValue' }).optional(),
  status: z.enum(SITE_REQUEST_STATUSES, { error: () => 'invalidValue' }).optional(),
  ...pageQuery(SITE_REQUEST_PAGE_SIZE),
});
export type SiteRequestQuery = z.input<typeof siteRequestQuerySchema>;

export const siteRequestPageSchema = z.strictObject({
  items: z.array(siteRequestSchema),
  total: intSchema,
  page: intSchema,
  pageSize: intSchema,
  /** New requests of each kind, whatever the filter: the inbox's badges. */
  unanswered: z.strictObject({ help: intSchema, contact: intSchema }),
});
export type SiteRequestPage = z.infer<typeof siteRequestPageSchema>;

/** PUT /Staff/requests/{id}. */
export const updateSiteRequestSchema = z.strictObject({
  status: z.enum(SITE_REQUEST_STATUSES, { error: () => 'invalidValue' }),
});
export type UpdateSiteRequestInput = z.input<typeof updateSiteRequestSchema>;

/**
 * What the web app's form actions send through the load context (the server's SiteRequestService):
 * the same rules as the API's calls — the hidden field, the body's, the sender's address's limit.
 */
export interface SiteRequestWriter {
  submit(
    kind: SiteRequestKind,
    input: HelpRequestInput | ContactRequestInput,
    sender: { ip: string; language: Language },
  ): Promise<SiteRequestReceipt>;
}
