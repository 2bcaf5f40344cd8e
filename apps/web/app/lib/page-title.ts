import { DEFAULT_LANGUAGE, type Language } from '@shop/shared';
import type { MetaDescriptor } from 'react-router';
import type { RootData } from '../ui/preferences';

/**
 * Browser-tab titles and descriptions in the page's language (DESIGN §3 step 8). A route's `meta`
 * runs on the server and in the browser with the matched routes' loader data; the root's carries
 * the page language and its `common` texts, so marketing pages read their titles there (a
 * shopper's page carries nothing more). The panel's titles are in `lib/panel-title.ts`, and a
 * store's pages take theirs from the store's own data (features/storefront/seo).
 */

/** React Router's `MetaArgs['matches']`, as much of it as titles need. */
export type TitleMatches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The page's language and its `common` texts, from the root loader's data. */
export function rootTexts(matches: TitleMatches): { language: Language; common: Record<string, unknown> } {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  return { language: root?.language ?? DEFAULT_LANGUAGE, common: root?.texts?.common ?? {} };
}

/** The text at a dotted path of `texts` ("notFound.title"); the path itself when missing. */
export function textAt(texts: Record<string, unknown>, path: string): string {
  let node: unknown = texts;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : path;
}

/** "<page> · Shop builder" from the page language's common texts. */
export function commonTitle(matches: TitleMatches, path: string): MetaDescriptor[] {
  const { common } = rootTexts(matches);
  return [{ title: `${textAt(common, path)} · ${textAt(common, 'brand')}` }];
}
