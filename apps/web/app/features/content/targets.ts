import { isBlankHtml, type MenuItemKind, type MenuItemView, POLICY_TYPES } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { categoriesQuery, collectionsQuery, pagesQuery, policiesQuery } from './queries';

/** Something of the store a link may lead to, as a picker offers it. */
export interface TargetOption {
  value: string;
  label: string;
  /** Whether shoppers see it (a passive category, a policy without text: not). */
  shown: boolean;
}

export type LinkTargets = Record<'category' | 'collection' | 'page' | 'policy', TargetOption[]> & { pending: boolean };

/** The store's categories, collections, pages and policies: what a link may lead to. */
export function useLinkTargets(marketId: string): LinkTargets {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQuery(marketId));
  const collections = useQuery(collectionsQuery(marketId));
  const pages = useQuery(pagesQuery(marketId));
  const policies = useQuery(policiesQuery(marketId));
  const byType = new Map((policies.data ?? []).map((policy) => [policy.type, policy]));
  return {
    pending: categories.isPending || collections.isPending || pages.isPending || policies.isPending,
    category: (categories.data ?? []).map((c) => ({ value: c.id, label: c.name, shown: c.status === 'active' })),
    collection: (collections.data ?? []).map((c) => ({ value: c.id, label: c.title, shown: c.status === 'active' })),
    page: (pages.data ?? []).map((p) => ({ value: p.id, label: p.title, shown: true })),
    policy: POLICY_TYPES.map((type) => {
      const policy = byType.get(type);
      return {
        value: type,
        label: policy?.title || t(`policies.types.${type}`),
        shown: Boolean(policy && !isBlankHtml(policy.content)),
      };
    }),
  };
}

/** A menu line as the panel describes it; `saved` is what the server said of a saved one. */
export interface DescribedLink {
  kind: MenuItemKind;
  label: string;
  target: string;
  saved?: Pick<MenuItemView, 'name' | 'shown'>;
}

/** What a line leads to as the panel names it, and whether shoppers see it. */
export function useDescribeLink(targets: LinkTargets) {
  const { t } = useTranslation();
  return (row: DescribedLink) => {
    const kind = t(`content.kinds.${row.kind}`);
    if (row.kind === 'home' || row.kind === 'catalog') {
      // Its address in the store, under its own name (the kind's, unless given one).
      const path = row.kind === 'home' ? '/' : '/products';
      return { title: row.label || kind, detail: row.label ? `${kind} · ${path}` : path, state: 'shown' as const };
    }
    if (row.kind === 'url') return { title: row.label, detail: row.target, state: 'shown' as const };
    const option = targets[row.kind].find((o) => o.value === row.target);
    const name = option?.label ?? row.saved?.name ?? null;
    // Not among the store's things (the lists are fresh): gone, unless the server still named it.
    const saved = row.saved;
    const state = option
      ? option.shown
        ? 'shown'
        : 'hidden'
      : saved && saved.name !== null
        ? saved.shown
          ? 'shown'
          : 'hidden'
        : 'gone';
    return {
      title: row.label || name || kind,
      detail: `${kind} · ${name ?? t('content.menus.gone')}`,
      state: state as 'shown' | 'hidden' | 'gone',
    };
  };
}
