import { useTranslation } from 'react-i18next';
import { PaymentResultPage, paymentTitle } from '../../features/checkout/payment-page';
import type { Route } from './+types/payment-failed';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: paymentTitle(matches) }, { name: 'robots', content: 'noindex' }];
}

/** SPEC §2 card-failed and failed: "Payment Failed" and "Try again" for the same order. */
export default function PaymentFailed() {
  const { i18n } = useTranslation();
  return <PaymentResultPage outcome="failed" language={i18n.language} />;
}
