import { redirect } from 'react-router';

/** /staff opens the list of stores. */
export function loader() {
  return redirect('/staff/stores');
}
