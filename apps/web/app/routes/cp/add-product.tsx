import { ProductForm } from '../../features/products/product-form';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/add-product';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.addProduct');

/** A new product for the chosen store (SPEC §2 cp/add-product). */
export default function AddProduct() {
  const { market } = useControlPanel();
  // Another store is another form.
  return <ProductForm key={market.id} marketId={market.id} />;
}
