import { requestLanguage } from '../../lib/request-language';
import { textsOf } from '../../lib/texts.server';

/** The payment result pages' title in the page's language (their loader; the texts are not loader data). */
export function paymentResultTitle(request: Request): string {
  const texts = textsOf(requestLanguage(request), ['storefront']).storefront as { result: { title: string } };
  return texts.result.title;
}
