/**
 * The payout provider (issue 14): what sends a store's money to its bank account. The sandbox is
 * the one implementation today; a bank's integration is another implementation of the same
 * interface (chosen in config, as the card provider is).
 */
export interface PayoutOrder {
  id: string;
  /** Qəpik. */
  amount: number;
  /** Where to: the bank details version the payout was made with. */
  settlementAccount: string;
  swift: string;
}

export type PayoutState =
  | { status: 'pending' }
  | { status: 'paid'; at: Date }
  | { status: 'failed'; reason: string; at: Date };

export interface PayoutProvider {
  /** Sends a payout: the provider's reference and when the money should arrive. */
  send(payout: PayoutOrder, now: Date): Promise<{ ref: string; arrivesAt: Date }>;
  /** Where a sent payout stands. */
  status(ref: string, now: Date): Promise<PayoutState>;
}

/** The sandbox's bank refuses accounts ending in these digits (a closed account), so failures can be tried. */
export const SANDBOX_FAILING_ACCOUNT_SUFFIX = '9999';
/** The sandbox's money arrives this long after it is sent (a bank's next working day). */
export const SANDBOX_ARRIVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The sandbox: pays after a day, or fails for a test account; keeps nothing, its reference says
 * all (the payout, when it arrives, whether it will fail), so it survives restarts and serves
 * every process alike.
 */
export const sandboxPayouts: PayoutProvider = {
  async send(payout, now) {
    const arrivesAt = new Date(now.getTime() + SANDBOX_ARRIVAL_MS);
    const fails = payout.settlementAccount.endsWith(SANDBOX_FAILING_ACCOUNT_SUFFIX);
    return { ref: `sandbox:${payout.id}:${arrivesAt.getTime()}:${fails ? 'closed' : 'ok'}`, arrivesAt };
  },
  async status(ref, now) {
    const [, , arrives, outcome] = ref.split(':');
    const at = new Date(Number(arrives));
    if (!(now >= at)) return { status: 'pending' };
    return outcome === 'closed'
      ? { status: 'failed', reason: 'The receiving account is closed (sandbox test account)', at }
      : { status: 'paid', at };
  },
};
