import { type Language, messages } from '@shop/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useAddTexts } from '../lib/i18n';
import { locales } from '../lib/locales';
import { getQueryClient } from '../lib/query';
import { useRootData } from '../ui/preferences';

/**
 * The frame of everything but the storefront and the marketing pages: the account screens,
 * the control panel and the dev pages. They share the query cache (TanStack Query) and every
 * text namespace — kept here, out of the root, so that a shopper's page loads neither.
 */
const catalogues = new Map<Language, Record<string, string>>();
/** The whole message catalogue (SPEC §8) in one language: the `messages:` namespace. */
function catalogue(language: Language) {
  let texts = catalogues.get(language);
  if (!texts) {
    texts = Object.fromEntries(Object.entries(messages).map(([key, t]) => [key, t[language]]));
    catalogues.set(language, texts);
  }
  return texts;
}

export default function Panel() {
  const [queryClient] = useState(getQueryClient);
  const { language } = useRootData();
  useAddTexts(locales[language], catalogue(language));
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
