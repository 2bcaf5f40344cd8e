import { data } from 'react-router';
import { StoreErrorBoundary } from '../../features/storefront/frame';

/** An unknown path inside a store: a 404 in the store's frame. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function StoreCatchAll() {
  return null;
}

export const ErrorBoundary = StoreErrorBoundary;
