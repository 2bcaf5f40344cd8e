import { Link, type LinkProps } from 'react-router';

/**
 * The storefront's links: React Router's `Link` in the browser. On the server, a link to an
 * absolute path is the anchor that `Link` renders there (its href, `data-discover` for route
 * discovery) without `Link`'s own work — resolving the path against the matched routes, location
 * and navigation hooks, ~15 µs a link in a first render's profile; a store's home has ~35 links.
 */
export const StoreLink = typeof document === 'undefined' ? ServerLink : Link;

function ServerLink(props: LinkProps) {
  const {
    to,
    discover,
    prefetch: _prefetch,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    onClick: _onClick,
    ...anchor
  } = props;
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//')) return <Link {...props} />;
  return <a {...anchor} href={to} data-discover={discover === 'none' ? undefined : 'true'} />;
}
