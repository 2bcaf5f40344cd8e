import { redirect } from 'react-router';

/** /cp opens the panel's home (SPEC §2). */
export function loader() {
  return redirect('/cp/home');
}
