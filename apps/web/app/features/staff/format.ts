import { formatMoney } from '@shop/shared';

/** An adjustment's amount with its sign, as the staff and the owner read it: "+12,50 ₼", "-12,50 ₼". */
export function signedMoney(amount: number, language: string): string {
  return amount > 0 ? `+${formatMoney(amount, language)}` : formatMoney(amount, language);
}

/** Credits in green, debits in red: the sign says it too, for whoever can't tell the colours apart. */
export const amountColor = (amount: number) => (amount > 0 ? 'green.8' : 'red.8');
