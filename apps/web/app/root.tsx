import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { createI18n, languageOf } from './lib/i18n';
import { getQueryClient } from './lib/query';
import { cookieNames, readCookie } from './lib/storage';
import { ErrorFallback } from './ui/error-fallback';
import { NotFound } from './ui/not-found';
import { NoticeProvider } from './ui/notice';
import { type RootData, useApplyStoredTheme } from './ui/preferences';

export function loader({ request }: Route.LoaderArgs) {
  const cookies = request.headers.get('cookie');
  const stored = readCookie(cookies, cookieNames.language);
  const theme = readCookie(cookies, cookieNames.theme);
  const root: RootData = { language: languageOf(stored), theme: theme === 'dark' ? 'dark' : 'light' };
  // Without a stored preference the default (az) is stored, so that every API call of this
  // browser answers in the language the page shows.
  const headers: HeadersInit = stored
    ? {}
    : { 'set-cookie': `${cookieNames.language}=${root.language}; Path=/; Max-Age=31536000; SameSite=Lax` };
  return data(root, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const language = data?.language ?? 'az';
  const i18n = useMemo(() => createI18n(language), [language]);
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(getQueryClient);
  useApplyStoredTheme(loaderData.theme);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export function meta() {
  return [{ title: 'Shop builder' }];
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{t('common.notFound.title')}</title>
        <NotFound />
      </>
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorFallback />;
}
