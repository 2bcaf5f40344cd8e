import { useTranslation } from 'react-i18next';
import { PaymentResultPage } from '../../features/checkout/payment-page';
import { paymentResultTitle } from '../../features/checkout/payment-title.server';
import type { Route } from './+types/payment-failed';

export function loader({ request }: Route.LoaderArgs) {
  return { title: paymentResultTitle(request) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }];
}

/** SPEC §2 card-failed and failed: "Payment Failed" and "Try again" for the same order. */
export default function PaymentFailed() {
  const { i18n } = useTranslation();
  return <PaymentResultPage outcome="failed" language={i18n.language} />;
}
