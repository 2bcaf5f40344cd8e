import { imageUrl, type SearchSuggestions, STORE_SEARCH, storeSearchTerm } from '@shop/shared';
import { type KeyboardEvent, useEffect, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../ui/price';
import css from './search-box.module.css';

/** Keystrokes closer together than this make one request. */
const DEBOUNCE_MS = 150;

interface Choice {
  id: string;
  href: string;
}

/** What the box asks of its suggestions: the keys of its field. */
export interface SuggestionsHandle {
  /** True when the key was the suggestions' (arrows, Enter on a choice, Escape closing the list). */
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): boolean;
}

export interface SuggestionsProps {
  handle: React.Ref<SuggestionsHandle>;
  /** The ids of the box (search-box.tsx ID). */
  id: string;
  marketId: string | undefined;
  /** What the shopper typed: what suggestions are asked for. */
  typed: string;
  /** What the field shows (the results link searches it). */
  value: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  resultsHref: string;
  path: (path?: string) => string;
  go: (href: string) => void;
  /** Tells the field what it points at (aria-expanded, aria-activedescendant). */
  onShow: (state: { shown: boolean; activeId: string | undefined }) => void;
}

/**
 * The search box's suggestions (issue 16): fetched as the shopper types, shown as the listbox of
 * the box's combobox. Loaded when the field is first focused: a first page load carries only the
 * box (search-box.tsx), which searches on Enter without this.
 *
 * Requests wait for a pause in typing and the one still running is aborted by the next: answers
 * never arrive out of order.
 */
export function Suggestions({
  handle,
  id,
  marketId,
  typed,
  value,
  open,
  setOpen,
  resultsHref,
  path,
  go,
  onShow,
}: SuggestionsProps) {
  const { t } = useTranslation();
  const [found, setFound] = useState<{ term: string; suggestions: SearchSuggestions } | null>(null);
  const [active, setActive] = useState(-1);
  const term = storeSearchTerm(typed);

  useEffect(() => {
    if (!marketId || Array.from(term).length < STORE_SEARCH.minLength) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(
          `/api/Storefront/search-suggestions?marketId=${marketId}&q=${encodeURIComponent(term)}`,
          { signal: controller.signal },
        );
        if (!response.ok) return;
        const { data } = (await response.json()) as { data: SearchSuggestions };
        setFound({ term, suggestions: data });
        setActive(-1);
      } catch {
        // Aborted by the next keystroke, or offline: the box still searches on Enter.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [marketId, term]);

  const showing = open && found !== null && found.term === term;
  const suggestions = showing ? found.suggestions : { products: [], categories: [] };
  const choices: Choice[] = [
    ...suggestions.products.map((p) => ({ id: `${id}-p-${p.id}`, href: path(`/product/${p.id}`) })),
    ...suggestions.categories.map((c) => ({ id: `${id}-c-${c.id}`, href: path(`/category/${c.id}`) })),
    ...(showing ? [{ id: `${id}-all`, href: resultsHref }] : []),
  ];
  const current = showing ? choices[active] : undefined;

  useEffect(() => onShow({ shown: showing, activeId: current?.id }), [showing, current?.id, onShow]);

  useImperativeHandle(
    handle,
    () => ({
      onKeyDown(event) {
        const count = choices.length;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          if (!showing) {
            setOpen(true);
            return true;
          }
          if (count === 0) return true;
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setActive((i) => (i < 0 ? (step > 0 ? 0 : count - 1) : (i + step + count) % count));
          return true;
        }
        if (event.key === 'Enter' && current) {
          event.preventDefault();
          go(current.href);
          return true;
        }
        if (event.key === 'Escape' && showing) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
          return true;
        }
        return false;
      },
    }),
    // Every render: the handler reads this render's choices.
  );

  const optionProps = (choice: Choice | undefined) => ({
    id: choice?.id,
    role: 'option' as const,
    'aria-selected': current !== undefined && current === choice,
    className: css.option,
    // Keeps the focus in the field, so the list stays until the click has opened the choice.
    onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
    onMouseEnter: () => setActive(choice ? choices.indexOf(choice) : -1),
    onClick: () => choice && go(choice.href),
  });
  let index = 0;
  const nothing = showing && suggestions.products.length === 0 && suggestions.categories.length === 0;

  return (
    <>
      {suggestions.products.length > 0 && (
        <div role="group" aria-label={t('storefront.search.products')}>
          <div className={css.groupLabel} aria-hidden="true">
            {t('storefront.search.products')}
          </div>
          {suggestions.products.map((product) => {
            const choice = choices[index++];
            return (
              <div key={product.id} {...optionProps(choice)} data-testid="search-suggestion">
                <span className={css.thumb}>
                  {product.imageUrl && (
                    <img src={imageUrl(product.imageUrl, 400)} alt="" width={40} height={40} loading="lazy" />
                  )}
                </span>
                <span className={css.optionTitle}>{product.title}</span>
                <Price
                  price={product.price}
                  compareAt={product.compareAtPrice}
                  from={product.variantCount > 1}
                  className={css.price}
                />
              </div>
            );
          })}
        </div>
      )}
      {suggestions.categories.length > 0 && (
        <div role="group" aria-label={t('storefront.search.categories')}>
          <div className={css.groupLabel} aria-hidden="true">
            {t('storefront.search.categories')}
          </div>
          {suggestions.categories.map((category) => {
            const choice = choices[index++];
            return (
              <div key={category.id} {...optionProps(choice)} data-testid="search-suggestion-category">
                <span className={css.optionTitle}>{category.name}</span>
              </div>
            );
          })}
        </div>
      )}
      {showing && (
        <div {...optionProps(choices[index])} className={`${css.option} ${css.all}`} data-testid="search-all">
          {nothing
            ? t('storefront.search.noSuggestions', { term })
            : t('storefront.search.seeAll', { term: storeSearchTerm(value) })}
        </div>
      )}
      <div role="status" className={css.visuallyHidden}>
        {showing ? t('storefront.search.suggestions', { count: choices.length - 1 }) : ''}
      </div>
    </>
  );
}
