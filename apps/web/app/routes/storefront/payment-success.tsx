import { useTranslation } from 'react-i18next';
import { PaymentResultPage } from '../../features/checkout/payment-page';
import { paymentResultTitle } from '../../features/checkout/payment-title.server';
import type { Route } from './+types/payment-success';

export function loader({ request }: Route.LoaderArgs) {
  return { title: paymentResultTitle(request) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }];
}

/** SPEC §2 card-success and success: the order, its lines, total and delivery address. */
export default function PaymentSuccess() {
  const { i18n } = useTranslation();
  return <PaymentResultPage outcome="success" language={i18n.language} />;
}
