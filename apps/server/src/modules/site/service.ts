import {
  ARTICLE_PAGE_SIZE,
  type Article,
  type ArticleKind,
  type ArticleListQuery,
  type ArticlePage,
  type ArticleSummary,
  articleListQuerySchema,
  HELP_TOPICS,
  type HelpTopic,
  type Language,
  READING_WORDS_PER_MINUTE,
  type SaveArticleInput,
  type SiteReader,
  type StaffArticle,
  type StaffArticlePage,
  type StaffArticleQuery,
  saveArticleSchema,
  searchFold,
  staffArticleQuerySchema,
  videoEmbedUrl,
} from '@shop/shared';
import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { articles, users, vacancies } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { UserRow } from '../../platform/auth.js';
import { keptRead, SITE_TAG } from '../../platform/changes.js';
import type { AppContext } from '../../platform/context.js';

/** The site's version (its pages' cache is checked against it, web.ts). */
const KEPT_VERSION = { name: 'site-version', maxBytes: 64 * 1024 };

import { AppError } from '../../platform/errors.js';
import { plainText, sanitizeArticle } from '../../platform/rich-text.js';
import { escapeLike } from '../../platform/search.js';

type ArticleRow = typeof articles.$inferSelect;

/**
 * A row as a list shows it: to visitors, the summary or, left empty, the text's first words; to
 * the staff (`typed`), the summary as they typed it, so that an empty one keeps following the text.
 */
function summaryOf(row: ArticleRow, typed = false): ArticleSummary {
  return {
    id: row.id,
    kind: row.kind as ArticleKind,
    language: row.language as Language,
    title: row.title,
    summary: typed ? row.summary : row.summary || row.excerpt,
    coverUrl: row.coverUrl,
    topic: row.topic as HelpTopic | null,
    readingMinutes: row.readingMinutes,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function articleOf(
  row: ArticleRow,
  author: { firstName: string | null; lastName: string | null } | null,
  typed = false,
): Article {
  const name = [author?.firstName, author?.lastName].filter(Boolean).join(' ');
  return {
    ...summaryOf(row, typed),
    body: row.body,
    videoUrl: row.videoUrl,
    videoEmbedUrl: row.videoUrl ? videoEmbedUrl(row.videoUrl) : null,
    author: name || null,
  };
}

/** The columns an article's form sets: the text sanitized, its words for the search and the reading time. */
function columnsOf(input: SaveArticleInput) {
  const data = saveArticleSchema.parse(input);
  const body = sanitizeArticle(data.body);
  const text = plainText(body);
  const words = text ? text.split(' ').length : 0;
  return {
    kind: data.kind,
    language: data.language,
    title: data.title,
    summary: data.summary,
    excerpt: truncateWords(text, 200),
    body,
    searchText: searchFold(`${data.title} ${data.summary} ${text}`),
    readingMinutes: Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE)),
    coverUrl: data.coverUrl,
    videoUrl: data.kind === 'tutorial' ? data.videoUrl : null,
    topic: data.kind === 'help' ? data.topic : null,
    published: data.published,
  };
}

function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 0) || max)}…`;
}

/**
 * The platform's writing (issue 17): the staff write blog posts, tutorials and help articles in
 * the staff area; visitors read the published ones on the site (server-rendered through the web
 * app's load context, SiteReader) and through the SPEC §7 Blog and Tutorial calls.
 */
export class SiteService implements SiteReader {
  constructor(private readonly ctx: AppContext) {}

  /** Published articles of a kind in a language, newest first; help articles by topic and words. */
  async articles(
    kind: ArticleKind,
    language: Language,
    query: { page?: number; pageSize?: number; topic?: HelpTopic; q?: string } = {},
  ): Promise<ArticlePage> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? ARTICLE_PAGE_SIZE.default;
    const conditions: SQL[] = [
      eq(articles.kind, kind),
      eq(articles.language, language),
      eq(articles.published, true),
      isNotNull(articles.publishedAt),
    ];
    if (query.topic) conditions.push(eq(articles.topic, query.topic));
    // Every word must be found (Azerbaijani letters folded on both sides).
    for (const word of searchFold(query.q ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 8)) {
      conditions.push(sql`${articles.searchText} like ${`%${escapeLike(word)}%`}`);
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select()
        .from(articles)
        .where(where)
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.ctx.db.select({ n: count() }).from(articles).where(where),
    ]);
    return { items: rows.map((row) => summaryOf(row)), total: total?.n ?? 0, page, pageSize };
  }

  /** The list of a public call: its query checked, the language the request's when not named. */
  async publicList(kind: ArticleKind, input: ArticleListQuery, requestLanguage: Language): Promise<ArticlePage> {
    const query = articleListQuerySchema.parse(input);
    return this.articles(kind, query.language ?? requestLanguage, query);
  }

  async article(kind: ArticleKind, id: string): Promise<Article | null> {
    const [found] = await this.ctx.db
      .select({ article: articles, firstName: users.firstName, lastName: users.lastName })
      .from(articles)
      .leftJoin(users, eq(users.id, articles.authorId))
      .where(and(eq(articles.id, id), eq(articles.kind, kind), eq(articles.published, true)));
    return found ? articleOf(found.article, found) : null;
  }

  /**
   * What the site's writing is at: any article or vacancy written, changed or deleted changes it
   * (counts and last changes), so the site's cached pages start again on every process (page-cache.ts).
   */
  async version(): Promise<string> {
    // Read on every hit of a kept site page: kept in memory until the site's writing changes
    // (platform/changes.ts), and one round trip when it is read.
    return (await keptRead(this.ctx.db, KEPT_VERSION, 'site', async () => ({
      value: await this.readVersion(),
      tag: SITE_TAG,
    }))) as string;
  }

  private async readVersion(): Promise<string> {
    const [row] = await this.ctx.db
      .select({
        articles: sql<number>`(select count(*)::int from ${articles})`,
        written: sql<string | null>`(select max(${articles.updatedAt})::text from ${articles})`,
        vacancies: sql<number>`(select count(*)::int from ${vacancies})`,
        posted: sql<string | null>`(select max(${vacancies.updatedAt})::text from ${vacancies})`,
      })
      .from(sql`(select 1) as one`);
    return `${row?.articles ?? 0}:${row?.written ?? ''}:${row?.vacancies ?? 0}:${row?.posted ?? ''}`;
  }

  async helpTopics(language: Language): Promise<{ topic: HelpTopic; count: number }[]> {
    const rows = await this.ctx.db
      .select({ topic: articles.topic, n: count() })
      .from(articles)
      .where(and(eq(articles.kind, 'help'), eq(articles.language, language), eq(articles.published, true)))
      .groupBy(articles.topic);
    const counts = new Map(rows.map((r) => [r.topic, r.n]));
    return HELP_TOPICS.map((topic) => ({ topic, count: counts.get(topic) ?? 0 }));
  }

  // ─── The staff's editor ─────────────────────────────────────────────────────────────────────

  async staffList(input: StaffArticleQuery): Promise<StaffArticlePage> {
    const query = staffArticleQuerySchema.parse(input);
    const where = and(
      eq(articles.kind, query.kind),
      query.language ? eq(articles.language, query.language) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select()
        .from(articles)
        .where(where)
        .orderBy(desc(articles.updatedAt), desc(articles.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.ctx.db.select({ n: count() }).from(articles).where(where),
    ]);
    return {
      items: rows.map((row) => ({ ...summaryOf(row, true), published: row.published })),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async staffGet(id: string): Promise<StaffArticle> {
    const [found] = await this.ctx.db
      .select({ article: articles, firstName: users.firstName, lastName: users.lastName })
      .from(articles)
      .leftJoin(users, eq(users.id, articles.authorId))
      .where(eq(articles.id, id));
    if (!found) throw new AppError('NOT_FOUND');
    return { ...articleOf(found.article, found, true), published: found.article.published };
  }

  /** `author`: the staff member writing it; null for the platform's own (the demo's seeded articles). */
  async create(author: UserRow | null, input: SaveArticleInput): Promise<StaffArticle> {
    const columns = columnsOf(input);
    const now = new Date();
    const [row] = await this.ctx.db
      .insert(articles)
      .values({ ...columns, authorId: author?.id ?? null, publishedAt: columns.published ? now : null })
      .returning({ id: articles.id });
    // Kept site pages start again here at once; other processes hear it from the database.
    await this.ctx.changes.wrote(this.ctx.db, { site: true });
    return this.staffGet((row as { id: string }).id);
  }

  /**
   * Saves an article. Its publishing time is set the first time it is published and kept after
   * (an edit does not move a post to the top; unpublishing hides it, publishing again shows it
   * where it was).
   */
  async update(id: string, input: SaveArticleInput): Promise<StaffArticle> {
    const columns = columnsOf(input);
    const updated = await this.ctx.db
      .update(articles)
      .set({
        ...columns,
        publishedAt: columns.published ? sql`coalesce(${articles.publishedAt}, now())` : articles.publishedAt,
        updatedAt: new Date(),
      })
      .where(eq(articles.id, id))
      .returning({ id: articles.id });
    if (!updated.length) throw new AppError('NOT_FOUND');
    await this.ctx.changes.wrote(this.ctx.db, { site: true });

    return this.staffGet(id);
  }

  async remove(id: string): Promise<void> {
    const removed = await this.ctx.db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
    if (!removed.length) throw new AppError('NOT_FOUND');
    await this.ctx.changes.wrote(this.ctx.db, { site: true });
  }
}
