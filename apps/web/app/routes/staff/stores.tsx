import { StoreList } from '../../features/staff/store-list';
import { panelTitle } from '../../lib/panel-title';
import { useStaffArea } from '../../lib/staff-area';
import type { Route } from './+types/stores';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'staff.stores');

/** Every store on the platform, for the staff to find the one to correct. */
export default function StaffStores() {
  const { user } = useStaffArea();
  return <StoreList timeZone={user.timeZone} />;
}
