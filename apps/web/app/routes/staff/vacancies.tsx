import { VacancyList } from '../../features/staff/vacancy-list';
import { panelTitle } from '../../lib/panel-title';
import { useStaffArea } from '../../lib/staff-area';
import type { Route } from './+types/vacancies';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'staff.vacancies');

/** The platform's own vacancies, drafts included (issue 17). */
export default function StaffVacancies() {
  const { user } = useStaffArea();
  return <VacancyList timeZone={user.timeZone} />;
}
