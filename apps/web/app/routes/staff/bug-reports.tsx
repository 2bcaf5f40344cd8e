import { BugReportList } from '../../features/staff/bug-report-list';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/bug-reports';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'staff.bugReports');

/** Visitors' bug reports with their pictures, videos and voice notes (issue 17). */
export default function StaffBugReports() {
  return <BugReportList />;
}
