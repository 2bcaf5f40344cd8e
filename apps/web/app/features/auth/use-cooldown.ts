import { limits } from '@shop/shared';
import { useEffect, useState } from 'react';

/** Seconds until another code may be asked for; mirrors the server's per-account cooldown. */
export function useCooldown(initial: number = limits.resendCooldownSeconds) {
  const [seconds, setSeconds] = useState(initial);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return { seconds, restart: () => setSeconds(limits.resendCooldownSeconds) };
}
