import { ArticleList } from '../../features/staff/article-list';
import { panelTitle } from '../../lib/panel-title';
import { useStaffArea } from '../../lib/staff-area';
import type { Route } from './+types/articles';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'staff.articles');

/** The platform's blog posts, tutorials and help articles, drafts included (issue 17). */
export default function StaffArticles() {
  const { user } = useStaffArea();
  return <ArticleList timeZone={user.timeZone} />;
}
