import { useTranslation } from 'react-i18next';
import { PaymentResultPage, paymentTitle } from '../../features/checkout/payment-page';
import type { Route } from './+types/payment-success';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: paymentTitle(matches) }, { name: 'robots', content: 'noindex' }];
}

/** SPEC §2 card-success and success: the order, its lines, total and delivery address. */
export default function PaymentSuccess() {
  const { i18n } = useTranslation();
  return <PaymentResultPage outcome="success" language={i18n.language} />;
}
