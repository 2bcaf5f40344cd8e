import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors.js';

/**
 * Limits on the calls an attacker would repeat (DESIGN §4). Each attempt is counted, allowed
 * or not. In-memory: embedded mode is one process; several processes would share a Redis store.
 */
const RULES = {
  /** Login attempts from one address. */
  loginPerIp: { points: 30, duration: 60 },
  /** Failed logins against one account before it is held for a while. */
  loginFailuresPerAccount: { points: 10, duration: 15 * 60 },
  /** Wrong passwords where a signed-in account confirms a change (bank details) before it is held. */
  passwordFailuresPerAccount: { points: 10, duration: 15 * 60 },
  /** Code checks (confirm e-mail, confirm login, reset) from one address. */
  codeChecksPerIp: { points: 30, duration: 60 },
  /** Codes sent to one account: one a minute … */
  codeSendsPerAccount: { points: 1, duration: 60 },
  /** … and at most ten an hour. */
  codeSendsPerAccountHourly: { points: 10, duration: 60 * 60 },
  /** Codes sent on requests from one address. */
  codeSendsPerIp: { points: 30, duration: 60 * 60 },
  /** Registrations from one address. */
  registrationsPerIp: { points: 30, duration: 60 * 60 },
  /** Newsletter sign-ups from one address (a store's home, issue 16): no one fills a list by script. */
  newsletterPerIp: { points: 10, duration: 60 * 60 },
  /** Help requests and contact messages from one address (issue 17): a person writes a few. */
  siteRequestsPerIp: { points: 10, duration: 60 * 60 },
  /** Files started by one address (CVs, bug reports' media): a report has at most eight. */
  uploadsPerIp: { points: 40, duration: 60 * 60 },
  /** Job applications and bug reports from one address. */
  submissionsPerIp: { points: 10, duration: 60 * 60 },
  /** "Check now" of one custom domain: each asks DNS servers of the world. */
  domainChecksPerDomain: { points: 6, duration: 60 },
} as const;

export type LimitName = keyof typeof RULES;

export class RateLimits {
  private readonly limiters: Record<LimitName, RateLimiterMemory>;

  constructor(multiplier: number) {
    this.limiters = Object.fromEntries(
      Object.entries(RULES).map(([name, rule]) => [
        name,
        new RateLimiterMemory({ points: Math.max(1, Math.round(rule.points * multiplier)), duration: rule.duration }),
      ]),
    ) as Record<LimitName, RateLimiterMemory>;
  }

  /** Counts one attempt; throws RATE_LIMITED when the limit is spent. */
  async hit(name: LimitName, key: string): Promise<void> {
    try {
      await this.limiters[name].consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new AppError('RATE_LIMITED', undefined, error.msBeforeNext / 1000);
      throw error;
    }
  }

  /** Throws RATE_LIMITED if the limit is already spent, without counting. */
  async check(name: LimitName, key: string): Promise<void> {
    const limiter = this.limiters[name];
    const state = await limiter.get(key);
    if (state && state.consumedPoints >= limiter.points) {
      throw new AppError('RATE_LIMITED', undefined, state.msBeforeNext / 1000);
    }
  }

  async reset(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].delete(key);
  }
}
