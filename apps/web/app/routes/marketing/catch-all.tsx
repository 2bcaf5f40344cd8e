import { data } from 'react-router';

/** Any unknown path: a real 404 status with the not-found page (root ErrorBoundary). */
export function loader() {
  throw data(null, { status: 404 });
}

export default function CatchAll() {
  return null;
}
