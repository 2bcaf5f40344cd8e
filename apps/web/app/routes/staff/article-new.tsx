import { useSearchParams } from 'react-router';
import { ArticleForm } from '../../features/staff/article-form';
import { kindOf, languageParam } from '../../features/staff/article-list';
import { panelTitle } from '../../lib/panel-title';
import { useStaffArea } from '../../lib/staff-area';
import { useRootData } from '../../ui/preferences';
import type { Route } from './+types/article-new';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'staff.newArticle');

/** A new article; the list's kind and language filter (?kind=, ?language=) are where it starts. */
export default function StaffArticleNew() {
  const { user } = useStaffArea();
  const { language } = useRootData();
  const [params] = useSearchParams();
  const initial = { kind: kindOf(params.get('kind')), language: languageParam(params.get('language')) ?? language };
  return <ArticleForm article={null} initial={initial} timeZone={user.timeZone} />;
}
