import type { Timer } from './discounts.js';

/*
 * A bundle's timer in seconds and back (decision 018). Apart from discounts.ts, whose schemas are
 * built when it loads: the storefront's countdown imports these, and nothing of zod comes with them.
 */

export function timerSeconds(timer: Timer): number {
  return ((timer.days * 24 + timer.hours) * 60 + timer.minutes) * 60 + timer.seconds;
}

export function timerOf(seconds: number): Timer {
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3_600),
    minutes: Math.floor((seconds % 3_600) / 60),
    seconds: seconds % 60,
  };
}
