import { z } from 'zod';
import { LANGUAGES, type Language } from './language.js';
import { idSchema, intSchema, pageQuery, timestampSchema } from './responses.js';

/**
 * The platform's own writing (issue 17): blog posts, tutorials and help-centre articles. One
 * editor for the three (the staff area's), one table; each article is written in one language
 * and shown to visitors reading the site in it. Visitors see only what is published.
 */

export const ARTICLE_KINDS = ['blog', 'tutorial', 'help'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** The help centre's topics, in the order the centre shows them. */
export const HELP_TOPICS = [
  'start',
  'products',
  'orders',
  'payments',
  'shipping',
  'design',
  'domains',
  'account',
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export const ARTICLE_TITLE = { min: 3, max: 160 } as const;
export const ARTICLE_SUMMARY_MAX = 300;
/** Characters of the rich text as the editor sends it (markup included). */
export const ARTICLE_BODY_MAX = 200_000;
/** Words a reader reads in a minute, for "N min read". */
export const READING_WORDS_PER_MINUTE = 200;

/** A visitor's list: newest published first, a page at a time. */
export const ARTICLE_PAGE_SIZE = { default: 12, max: 50 } as const;

/**
 * A tutorial's video: a YouTube or Vimeo address as a visitor copies it (watch page, short link,
 * embed link). Its player's address, or null when it is neither.
 */
export function videoEmbedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id = /^[\w-]{6,20}$/;
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtube =
      url.pathname === '/watch'
        ? url.searchParams.get('v')
        : (/^\/(embed|shorts)\/([^/]+)/.exec(url.pathname)?.[2] ?? null);
  }
  if (youtube !== null) return id.test(youtube) ? `https://www.youtube-nocookie.com/embed/${youtube}` : null;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vimeo = /(\d{5,12})\/?$/.exec(url.pathname)?.[1];
    return vimeo ? `https://player.vimeo.com/video/${vimeo}` : null;
  }
  return null;
}

/** POST /Staff/articles and PUT /Staff/articles/{id}: an article as the staff's editor sends it. */
export const saveArticleSchema = z
  .strictObject({
    kind: z.enum(ARTICLE_KINDS, { error: () => 'invalidValue' }),
    language: z.enum(LANGUAGES, { error: () => 'invalidValue' }),
    title: z
      .string('required')
      .trim()
      .min(1, 'required')
      .min(ARTICLE_TITLE.min, 'tooShort')
      .max(ARTICLE_TITLE.max, 'tooLong'),
    summary: z.string('required').trim().max(ARTICLE_SUMMARY_MAX, 'tooLong').default(''),
    body: z.string('required').max(ARTICLE_BODY_MAX, 'tooLong'),
    /** An image uploaded through POST /Media/upload (an address of our uploads, as every picture field). */
    coverUrl: z
      .string('invalidValue')
      .max(1024, 'tooLong')
      .startsWith('/uploads/', 'invalidValue')
      .nullable()
      .default(null),
    /** Tutorials: a YouTube or Vimeo address, shown as its player above the steps. */
    videoUrl: z
      .string('invalidValue')
      .trim()
      .max(500, 'tooLong')
      .nullable()
      .default(null)
      .transform((v) => (v === '' ? null : v))
      .refine((v) => v === null || videoEmbedUrl(v) !== null, 'articleVideoInvalid'),
    /** Help articles: the topic the centre files it under. */
    topic: z
      .enum(HELP_TOPICS, { error: () => 'invalidValue' })
      .nullable()
      .default(null),
    published: z.boolean('invalidValue').default(false),
  })
  .superRefine((article, context) => {
    if (article.kind === 'help' && article.topic === null) {
      context.addIssue({ code: 'custom', path: ['topic'], message: 'required' });
    }
  });
export type SaveArticleInput = z.input<typeof saveArticleSchema>;
export type SaveArticle = z.output<typeof saveArticleSchema>;

/** What a list shows of an article. */
export const articleSummarySchema = z.strictObject({
  id: idSchema,
  kind: z.enum(ARTICLE_KINDS),
  language: z.enum(LANGUAGES),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string().nullable(),
  topic: z.enum(HELP_TOPICS).nullable(),
  /** Whole minutes, at least 1. */
  readingMinutes: intSchema,
  /** Null while a draft. */
  publishedAt: timestampSchema.nullable(),
  updatedAt: timestampSchema,
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  /** Sanitized HTML. */
  body: z.string(),
  videoUrl: z.string().nullable(),
  /** The player's address of videoUrl (youtube-nocookie or Vimeo), null without a video. */
  videoEmbedUrl: z.string().nullable(),
  /** The staff member who wrote it, as readers see them: their name, else null. */
  author: z.string().nullable(),
});
export type Article = z.infer<typeof articleSchema>;

/** The staff's view: the draft state too. */
export const staffArticleSchema = articleSchema.extend({ published: z.boolean() });
export type StaffArticle = z.infer<typeof staffArticleSchema>;

/**
 * GET /Blog/get-all-blogs, /Tutorial/get-all-tutorials, /HelpArticle/get-all: published articles
 * of the language (the request's, when not named). Help articles can be filtered by topic and
 * found by words (`q`, Azerbaijani letters folded).
 */
export const articleListQuerySchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: () => 'invalidValue' }).optional(),
  topic: z.enum(HELP_TOPICS, { error: () => 'invalidValue' }).optional(),
  q: z.string().trim().max(100, 'tooLong').optional(),
  ...pageQuery(ARTICLE_PAGE_SIZE),
});
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;

export const articlePageSchema = z.strictObject({
  items: z.array(articleSummarySchema),
  total: intSchema,
  page: intSchema,
  pageSize: intSchema,
});
export type ArticlePage = z.infer<typeof articlePageSchema>;

/** GET /Staff/articles: every article of a kind, drafts included, newest change first. */
export const staffArticleQuerySchema = z.strictObject({
  kind: z.enum(ARTICLE_KINDS, { error: () => 'invalidValue' }),
  language: z.enum(LANGUAGES, { error: () => 'invalidValue' }).optional(),
  ...pageQuery(ARTICLE_PAGE_SIZE),
});
export type StaffArticleQuery = z.input<typeof staffArticleQuerySchema>;

export const staffArticlePageSchema = z.strictObject({
  items: z.array(articleSummarySchema.extend({ published: z.boolean() })),
  total: intSchema,
  page: intSchema,
  pageSize: intSchema,
});
export type StaffArticlePage = z.infer<typeof staffArticlePageSchema>;

/**
 * What the web app's loaders read of the platform's writing (the server gives it in the load
 * context): only published articles, in the language asked.
 */
export interface SiteReader {
  articles(
    kind: ArticleKind,
    language: Language,
    query?: { page?: number; topic?: HelpTopic; q?: string },
  ): Promise<ArticlePage>;
  /** A published article of the kind, or null. */
  article(kind: ArticleKind, id: string): Promise<Article | null>;
  /** What the writing is at: it changes with every article written, changed or deleted. */
  version(): Promise<string>;
  /** The help centre's topics in the language, with how many articles each has. */
  helpTopics(language: Language): Promise<{ topic: HelpTopic; count: number }[]>;
}
