import { MENU_ITEM_KINDS, type MenuItemKind, type StoreMenuLink, type StoreMenus } from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import { sql } from '../../db/sql-text.js';

/**
 * The store's menus as shoppers get them, for the storefront's market read (storefront/service.ts
 * marketColumns): one subquery of the row read once per request, so the menus cost no round trip
 * of their own. Each link becomes its label and its address; a link to what shoppers can not see
 * — a category or collection switched off or deleted, a page deleted, a policy without text — is
 * left out. Reading it per request (not by catalog version) keeps a category's rename or switch
 * in the menu at once: those do not move the version.
 *
 * Answers `{ "header": [{ kind, label, href }], "footer": […] }` (a place without links absent).
 */
export function storeMenusColumn(marketId: SQL): SQL<unknown> {
  return sql`(select jsonb_object_agg(m.location, m.links) from (
    select sm.location, coalesce(jsonb_agg(jsonb_build_object(
        'kind', i.item->>'kind',
        'label', coalesce(nullif(i.item->>'label', ''), c.name, co.title, sp.title, nullif(po.title, ''), ''),
        'href', case i.item->>'kind'
          when 'home' then ''
          when 'catalog' then '/products'
          when 'category' then '/category/' || c.id::text
          when 'collection' then '/collection/' || co.id::text
          when 'page' then '/pages/' || sp.slug
          when 'policy' then '/policies/' || po.type
          else i.item->>'target' end
      ) order by i.n) filter (where i.item->>'kind' in ('home', 'catalog', 'url')
        or c.id is not null or co.id is not null or sp.id is not null or po.type is not null), '[]'::jsonb) as links
    from store_menus sm
    cross join lateral jsonb_array_elements(sm.items) with ordinality as i(item, n)
    left join categories c on i.item->>'kind' = 'category' and c.market_id = sm.market_id
      and c.id::text = i.item->>'target' and c.status = 'active'
    left join collections co on i.item->>'kind' = 'collection' and co.market_id = sm.market_id
      and co.id::text = i.item->>'target' and co.status = 'active'
    left join store_pages sp on i.item->>'kind' = 'page' and sp.market_id = sm.market_id
      and sp.id::text = i.item->>'target'
    left join policies po on i.item->>'kind' = 'policy' and po.market_id = sm.market_id
      and po.type = i.item->>'target' and po.content <> ''
    where sm.market_id = ${marketId}
    group by sm.location) m)`;
}

/** The column's value as StorefrontMarket carries it: both places, only well-formed links. */
export function storeMenusOf(value: unknown): StoreMenus {
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown> | null;
  const links = (list: unknown): StoreMenuLink[] =>
    Array.isArray(list)
      ? list.filter(
          (link): link is StoreMenuLink =>
            typeof link?.label === 'string' &&
            typeof link?.href === 'string' &&
            MENU_ITEM_KINDS.includes(link?.kind as MenuItemKind),
        )
      : [];
  return { header: links(parsed?.header), footer: links(parsed?.footer) };
}
