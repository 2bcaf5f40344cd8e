import { useSearchParams } from 'react-router';
import { languageParam } from '../../features/staff/article-list';
import { VacancyForm } from '../../features/staff/vacancy-form';
import { panelTitle } from '../../lib/panel-title';
import { useStaffArea } from '../../lib/staff-area';
import type { Route } from './+types/vacancy-new';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'staff.newVacancy');

/** A new vacancy; the list's language filter (?language=) is where it starts. */
export default function StaffVacancyNew() {
  const { user } = useStaffArea();
  const [params] = useSearchParams();
  return (
    <VacancyForm
      vacancy={null}
      language={languageParam(params.get('language')) ?? undefined}
      timeZone={user.timeZone}
    />
  );
}
