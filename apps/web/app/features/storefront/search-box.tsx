import { STORE_SEARCH, storeSearchTerm } from '@shop/shared';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useStore, useStorePath } from '../../lib/store-context';
import css from './search-box.module.css';
import type { SuggestionsHandle, SuggestionsProps } from './search-suggestions';

/**
 * The ids of the box's parts: one box a page. Not useId: the server renders with React and the
 * browser hydrates with Preact (decision 008), whose ids differ.
 */
const ID = 'store-search';

/**
 * The store's search box (issue 16), in its header: suggestions (products, categories) as the
 * shopper types, as an ARIA combobox — arrows move through them, Enter opens the highlighted one
 * or the results page, Escape closes. A plain form underneath, so it searches before the
 * JavaScript arrives. On a phone it is an icon that opens a field across the header.
 *
 * The suggestions (search-suggestions.tsx) load when the field is first focused: every store page
 * carries the box, few shoppers type in it (the first load's JavaScript, decision 008).
 */
export function SearchBox() {
  const { t } = useTranslation();
  const store = useStore();
  const path = useStorePath();
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const suggestionsRef = useRef<SuggestionsHandle>(null);
  const [Suggestions, setSuggestions] = useState<((props: SuggestionsProps) => React.ReactNode) | null>(null);
  const resultsPath = path('/search');
  const urlTerm = location.pathname === resultsPath ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [value, setValue] = useState(urlTerm);
  /** What the shopper typed (not what a page put in the box): what suggestions are asked for. */
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<{ shown: boolean; activeId: string | undefined }>({
    shown: false,
    activeId: undefined,
  });
  /** On a phone: the field is open across the header. */
  const [expanded, setExpanded] = useState(false);

  // Another page: the box shows its term (the results page's) and nothing else.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new page only.
  useEffect(() => {
    setValue(urlTerm);
    setTyped('');
    setOpen(false);
    setExpanded(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  const loadSuggestions = () => {
    if (Suggestions) return;
    import('./search-suggestions')
      .then((module) => setSuggestions(() => module.Suggestions))
      .catch(() => {
        // Offline or a new build: the box still searches on Enter.
      });
  };

  const resultsHref = `${resultsPath}?q=${encodeURIComponent(storeSearchTerm(value))}`;
  const go = useCallback(
    (href: string) => {
      setOpen(false);
      setExpanded(false);
      inputRef.current?.blur();
      navigate(href);
    },
    [navigate],
  );
  const submit = () => go(storeSearchTerm(value) ? resultsHref : path('/products'));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestionsRef.current?.onKeyDown(event)) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setExpanded(false);
      openerRef.current?.focus();
    }
  };
  const listId = `${ID}-list`;

  return (
    <div className={`${css.box} ${expanded ? css.expanded : ''}`} data-testid="search-box">
      <button
        ref={openerRef}
        type="button"
        className={css.opener}
        aria-label={t('storefront.search.open')}
        aria-expanded={expanded}
        onClick={() => setExpanded(true)}
        data-testid="search-open"
      >
        <SearchIcon />
      </button>
      <form
        role="search"
        action={resultsPath}
        method="get"
        className={css.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${ID}-input`} className={css.visuallyHidden}>
          {t('storefront.search.label')}
        </label>
        <input
          ref={inputRef}
          id={`${ID}-input`}
          name="q"
          type="search"
          className={css.input}
          value={value}
          placeholder={t('storefront.search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={STORE_SEARCH.maxLength}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={list.shown}
          aria-controls={listId}
          aria-activedescendant={list.activeId}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setTyped(event.currentTarget.value);
            setOpen(true);
            loadSuggestions();
          }}
          onFocus={() => {
            setOpen(true);
            loadSuggestions();
          }}
          onBlur={() => {
            setOpen(false);
            if (!value) setExpanded(false);
          }}
          onKeyDown={onKeyDown}
          data-testid="search-input"
        />
        <button type="submit" className={css.submit} aria-label={t('storefront.search.submit')} tabIndex={-1}>
          <SearchIcon />
        </button>
        <button
          type="button"
          className={css.close}
          aria-label={t('storefront.search.close')}
          onClick={() => {
            setExpanded(false);
            setOpen(false);
          }}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor">
            <path d="M6 6l12 12M18 6L6 18" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
      <div className={css.popup} hidden={!list.shown} data-testid="search-suggestions">
        <div role="listbox" id={listId} aria-label={t('storefront.search.label')}>
          {Suggestions && (
            <Suggestions
              handle={suggestionsRef}
              id={ID}
              marketId={store?.id}
              typed={typed}
              value={value}
              open={open}
              setOpen={setOpen}
              resultsHref={resultsHref}
              path={path}
              go={go}
              onShow={setList}
            />
          )}
        </div>
      </div>
    </div>
  );
}

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor">
      <circle cx="11" cy="11" r="7" strokeWidth="2" />
      <path d="M16.5 16.5L21 21" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
