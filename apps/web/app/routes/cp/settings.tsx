import { redirect } from 'react-router';

/** /cp/settings is the general settings page (SPEC §2). */
export function loader() {
  return redirect('/cp/general');
}
