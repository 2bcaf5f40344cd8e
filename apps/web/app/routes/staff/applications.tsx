import { ApplicationList } from '../../features/staff/application-list';
import { panelTitle } from '../../lib/panel-title';
import { useStaffArea } from '../../lib/staff-area';
import type { Route } from './+types/applications';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'staff.applications');

/** Job applications with their letters and CVs, for the staff to move along (issue 17). */
export default function StaffApplications() {
  const { user } = useStaffArea();
  return <ApplicationList timeZone={user.timeZone} />;
}
