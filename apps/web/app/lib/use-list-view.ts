import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

const SEARCH_DELAY_MS = 300;

/** The pages of a list of `total` rows, `pageSize` to a page: at least one, even when empty. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * A cp list's view kept in the URL, so that a link opens the same view, and its search box.
 * `read` and `write` turn the search params into the view and back (module-level functions:
 * `read` stands for the view's identity). `keepPage` names the changes that are not a new view
 * of the rows (a drawer opened over them, say) and so stay on the page they are on.
 */
export function useListView<V extends { search: string; page: number }>(
  read: (params: URLSearchParams) => V,
  write: (view: V) => URLSearchParams,
  { keepPage = [] }: { keepPage?: readonly (keyof V)[] } = {},
) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => read(params), [read, params]);

  // The view last asked for, until the location has it. A change made while that navigation is
  // on its way builds on it, not on the location it leaves: a filter picked right after typing in
  // the search box was undone when the typing's pause wrote the search from the old location.
  const asked = useRef<V | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: any new location ends what was asked.
  useEffect(() => {
    asked.current = null;
  }, [params]);
  const ask = (next: V, options: { replace?: boolean; preventScrollReset?: boolean }) => {
    asked.current = next;
    setParams(write(next), options);
  };

  /** A new view; any change but paging starts again on page 1. */
  const update = (changes: Partial<V>, replace = false) => {
    const next = { ...(asked.current ?? view), ...changes };
    if (!('page' in changes) && !keepPage.some((key) => key in changes)) next.page = 1;
    ask(next, { replace, preventScrollReset: true });
  };

  // Search: typed here, written to the URL once typing pauses (replacing, not adding, history).
  const [searchText, setSearchText] = useState(view.search);
  const [debouncedSearch] = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const writtenSearch = useRef(view.search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a pause in typing writes the URL.
  useEffect(() => {
    if (debouncedSearch.trim() === view.search.trim()) return;
    writtenSearch.current = debouncedSearch;
    update({ search: debouncedSearch } as Partial<V>, true);
  }, [debouncedSearch]);
  // The URL changed by other means (back button, a reset, the sidebar, a shared link): the box follows.
  useEffect(() => {
    if (view.search !== writtenSearch.current) {
      writtenSearch.current = view.search;
      setSearchText(view.search);
    }
  }, [view.search]);

  /**
   * Filters cleared (`changes` empties the others): the search box at once rather than after the
   * pause, and back to page 1 as a new history entry.
   */
  const clearFilters = (changes: Partial<V>) => {
    setSearchText('');
    writtenSearch.current = '';
    ask({ ...(asked.current ?? view), ...changes, search: '', page: 1 }, {});
  };

  return { view, update, clearFilters, searchText, setSearchText };
}

/** A whole number from 1 in a list URL's parameter (page, page size), else null. */
export function positiveParam(value: string | null): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}
