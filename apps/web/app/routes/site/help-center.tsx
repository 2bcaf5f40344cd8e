import { HELP_TOPICS, type HelpTopic, helpTopicName } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { ArticleCards, ArticlePager } from '../../features/site/articles';
import { datedPage, pageOf } from '../../features/site/articles.server';
import { siteMeta } from '../../features/site/meta';
import { submitRequestForm } from '../../features/site/request-action.server';
import { RequestForm } from '../../features/site/request-form';
import { requestLanguage } from '../../lib/request-language';
import type { Route } from './+types/help-center';

/**
 * The help centre (SPEC §2 help-center): the merchants' questions answered, by topic, and found
 * by words (Azerbaijani letters folded, server/site). A plain GET form: it works before, and
 * without, any script.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const topicParam = url.searchParams.get('topic');
  const topic = HELP_TOPICS.find((t) => t === topicParam) ?? null;
  const [page, topics] = await Promise.all([
    context.site.articles('help', language, { page: pageOf(url), q: q || undefined, topic: topic ?? undefined }),
    context.site.helpTopics(language),
  ]);
  return { ...datedPage(page, language), q, topic, topics };
}

/** "Didn't find the answer?": a question to the staff (SPEC §7 HelpRequest). */
export function action({ request, context }: Route.ActionArgs) {
  return submitRequestForm('help', request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, { key: 'helpCenter' });
}

export default function HelpCenter({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { q, topic, topics } = loaderData;
  const link = (to: HelpTopic | null) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (to) params.set('topic', to);
    const search = params.toString();
    return search ? `/help-center?${search}` : '/help-center';
  };
  return (
    <div className="articles">
      <h1>{t('site.pages.helpCenter.title')}</h1>
      <p className="site-lede">{t('site.help.intro')}</p>
      <Form method="get" action="/help-center" role="search" className="help__search">
        {topic ? <input type="hidden" name="topic" value={topic} /> : null}
        <input
          aria-label={t('site.help.searchLabel')}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder={t('site.help.searchPlaceholder')}
        />
        <button type="submit" className="plain-button">
          {t('site.help.search')}
        </button>
      </Form>
      <nav aria-label={t('site.help.topicsLabel')}>
        <ul className="help__topics">
          <li>
            <Link to={link(null)} aria-current={topic === null ? 'page' : undefined}>
              {t('site.help.allTopics')}
            </Link>
          </li>
          {/* A topic with nothing in it yet leads nowhere (unless it is the one asked for). */}
          {topics
            .filter((entry) => entry.count > 0 || entry.topic === topic)
            .map((entry) => (
              <li key={entry.topic}>
                <Link to={link(entry.topic)} aria-current={topic === entry.topic ? 'page' : undefined}>
                  {helpTopicName(entry.topic, i18n.language)} ({entry.count})
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      {q ? (
        <p className="help__results" role="status" data-testid="help-results">
          {t('site.help.results', { count: loaderData.total, q })}
        </p>
      ) : null}
      <ArticleCards items={loaderData.items} kind="help" />
      <ArticlePager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} path={link(topic)} />
      <section className="help__ask" id="ask" aria-labelledby="help-ask-title">
        <h2 id="help-ask-title">{t('site.help.askTitle')}</h2>
        <p>{t('site.help.askText')}</p>
        <RequestForm kind="help" action="/help-center#ask" result={actionData} />
      </section>
    </div>
  );
}
