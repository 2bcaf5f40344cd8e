import { type ComponentChildren, Fragment, options, type VNode } from 'preact';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadDocumentStoreTexts } from './lib/i18n';

// The browser runs on Preact's React-compatible runtime (vite.config.ts): the storefront's
// budget of 90 KB of script leaves no room for React DOM. Two differences from React are
// bridged here; the server renders with React as before.

/**
 * Preact hydrates a document by rendering into its <html> element, so the root layout's <html>
 * would be rendered a second time inside the first. The layout's <html> becomes its children
 * alone, and its attributes (lang, theme) go onto the page's <html> each time it renders.
 */
const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === 'html') {
    const { children, ...attributes } = vnode.props as { children?: ComponentChildren; [name: string]: unknown };
    const html = document.documentElement;
    for (const [name, value] of Object.entries(attributes)) {
      if (value == null || value === false) html.removeAttribute(name);
      else html.setAttribute(name, String(value));
    }
    vnode.type = Fragment;
    vnode.props = { children };
  }
  previousVNodeHook?.(vnode);
};

/**
 * Preact matches the server's nodes to its own by tag name, in order. React's server rendering
 * moves every preload (the route modules' modulepreloads, the first product image) to the top of
 * <head>, away from where the tree renders them, so the stylesheet links that follow would be
 * matched to preloads and the real stylesheets dropped. The preloads have done their work by
 * now (the modules are loaded, the image requested): they leave, and <head> is the tree's again.
 * A preload the tree itself renders in <head> (a route's meta: the home's banner, `data-in-tree`)
 * stays: without it Preact took the next link — the root's stylesheet — for it, and removed it on
 * the next page (no box-sizing, no manat sign's face: a phone's page zoomed out, ₼ a box).
 */
function dropHoistedPreloads(): void {
  const hoisted = 'link[rel="modulepreload"]:not([data-in-tree]), link[rel="preload"]:not([data-in-tree])';
  for (const link of document.head.querySelectorAll(hoisted)) link.remove();
}

/**
 * React Router decodes the state the server streamed into the page before its router exists
 * and, until then, suspends by throwing the decoding promise. Preact cannot resume a hydration
 * that suspended at the root (it would render the page again beside the server's markup), so the
 * decoding is started and awaited first: the router's first render then finds the state ready.
 */
async function serverStateDecoded(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown && typeof (thrown as PromiseLike<void>).then === 'function') await thrown;
    else throw thrown;
  }
}

// A store page's texts are a file of their own (lib/i18n.ts loadStoreTexts): loaded before hydrating,
// alongside the router's state, so that the first render in the browser says what the server's did.
void Promise.all([serverStateDecoded(), loadDocumentStoreTexts()]).then(() =>
  startTransition(() => {
    dropHoistedPreloads();
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
