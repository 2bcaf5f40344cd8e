import { ProductList } from '../../features/products/product-list';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/products';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.products');

/** The chosen store's products (SPEC §2 cp/products). */
export default function Products() {
  const { market } = useControlPanel();
  // Another store is another list: selection and state start afresh.
  return <ProductList key={market.id} marketId={market.id} />;
}
