import { commonTitle } from '../../lib/page-title';
import { NotFound } from '../../ui/not-found';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = ({ matches }) => commonTitle(matches, 'notFound.title');

export default function NotFoundPage() {
  return <NotFound />;
}
