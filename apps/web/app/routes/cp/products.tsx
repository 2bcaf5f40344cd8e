import { ProductList } from '../../features/products/product-list';
import { useControlPanel } from '../../lib/control-panel';
import type { Route } from './+types/products';

export const meta: Route.MetaFunction = () => [{ title: 'Products · Control panel' }];

/** The chosen store's products (SPEC §2 cp/products). */
export default function Products() {
  const { market } = useControlPanel();
  // Another store is another list: selection and state start afresh.
  return <ProductList key={market.id} marketId={market.id} />;
}
