import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { languageOf, pageI18n } from './lib/i18n';
import { commonTitle, rootTexts, textAt } from './lib/page-title';
import { cookieNames, readCookie } from './lib/storage';
import { textsOf } from './lib/texts.server';
import { ErrorFallback } from './ui/error-fallback';
import { NotFound } from './ui/not-found';
import { NoticeProvider } from './ui/notice';
import { type RootData, useApplyStoredTheme } from './ui/preferences';

/**
 * The root is shared by every page, the storefront's too, so it carries as little as it can
 * (issue 4: a product page ships ≤ 90 KB of JavaScript): the page's language's common texts
 * come as loader data; TanStack Query and the other namespaces belong to the
 * panel (routes/panel.tsx); Mantine to the auth and control-panel layouts.
 */
export function loader({ request }: Route.LoaderArgs) {
  const cookies = request.headers.get('cookie');
  const stored = readCookie(cookies, cookieNames.language);
  const theme = readCookie(cookies, cookieNames.theme);
  const language = languageOf(stored);
  const root: RootData = {
    language,
    theme: theme === 'dark' ? 'dark' : 'light',
    texts: textsOf(language, ['common']),
  };
  // Without a stored preference the default (az) is stored, so that every API call of this
  // browser answers in the language the page shows.
  const headers: HeadersInit = stored
    ? {}
    : { 'set-cookie': `${cookieNames.language}=${root.language}; Path=/; Max-Age=31536000; SameSite=Lax` };
  return data(root, { headers });
}

/** Language and theme change only through a revalidation (the switches) or a form. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

/**
 * Whether the page is read, not used: the platform's public pages (decision 025) say so by their
 * route's `handle` or their loader data (`scriptless`) — nothing on them needs a script (links,
 * GET forms, <details>), so none is sent and they are done once their HTML is.
 */
function useScriptless(): boolean {
  // The deepest route that says decides: a site page that is used, not read (an application
  // form, the bug report's recorder), says `scriptless: false` under the site's layout.
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const said =
      (match.loaderData as { scriptless?: boolean } | undefined)?.scriptless ??
      (match.handle as { scriptless?: boolean } | undefined)?.scriptless;
    if (said !== undefined) return said;
  }
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const scriptless = useScriptless();
  const language = data?.language ?? 'az';
  // A new language brings new texts: one instance per language (the texts follow it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the language alone.
  const i18n = useMemo(() => pageI18n(language, data?.texts ?? {}), [language]);
  return (
    <html lang={language} data-theme={data?.theme ?? 'light'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <NoticeProvider>{children}</NoticeProvider>
        </I18nextProvider>
        {scriptless ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useApplyStoredTheme(loaderData.theme);
  return <Outlet />;
}

/**
 * The brand, unless a page names itself; an error page is named in the page's language (a
 * store's by the store's frame: routes/storefront/layout.tsx).
 */
export function meta({ matches, error }: Route.MetaArgs) {
  if (!error) return [{ title: textAt(rootTexts(matches).common, 'brand') }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return commonTitle(matches, notFound ? 'notFound.title' : 'errorFallback.title');
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Its title is the root's meta (in the page's language).
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorFallback />;
}
