import { RequestList } from '../../features/staff/request-list';
import { panelTitle } from '../../lib/panel-title';
import { useStaffArea } from '../../lib/staff-area';
import type { Route } from './+types/requests';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'staff.requests');

/** Visitors' help requests and contact messages, for the staff to answer by e-mail (issue 17). */
export default function StaffRequests() {
  const { user } = useStaffArea();
  return <RequestList timeZone={user.timeZone} />;
}
