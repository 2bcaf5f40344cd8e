import { addDays, DASHBOARD_MAX_DAYS, daysInRange, todayIn } from '@shop/shared';
import { useSearchParams } from 'react-router';

/** The ranges offered at a click; anything else is "custom" (two days in the address). */
export const PRESETS = ['today', '7d', '30d', '90d'] as const;
export type Preset = (typeof PRESETS)[number];
export const DEFAULT_PRESET: Preset = '30d';

export interface DashboardRange {
  preset: Preset | 'custom';
  /** Days in the owner's time zone, YYYY-MM-DD, both included. */
  startDate: string;
  endDate: string;
}

const LENGTH: Record<Preset, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days of a preset, ending today in the owner's time zone. */
export function presetRange(preset: Preset, timeZone: string, now = Date.now()): DashboardRange {
  const endDate = todayIn(timeZone, now);
  return { preset, startDate: addDays(endDate, 1 - LENGTH[preset]), endDate };
}

function isDay(value: string | null): value is string {
  return value !== null && DAY.test(value) && addDays(value, 0) === value;
}

/** The range the address names (?range=7d, or ?from=…&to=…); the default one otherwise. */
export function rangeFromParams(params: URLSearchParams, timeZone: string, now = Date.now()): DashboardRange {
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && from <= to && daysInRange(from, to) <= DASHBOARD_MAX_DAYS) {
    return { preset: 'custom', startDate: from, endDate: to };
  }
  const preset = params.get('range');
  return presetRange(
    (PRESETS as readonly string[]).includes(preset ?? '') ? (preset as Preset) : DEFAULT_PRESET,
    timeZone,
    now,
  );
}

/** The address's part for a range, to carry it from cp/home to cp/analytics and back. */
export function rangeSearch(range: DashboardRange): string {
  return range.preset === 'custom' ? `?from=${range.startDate}&to=${range.endDate}` : `?range=${range.preset}`;
}

/** The range kept in the address, so that a reload or a shared link shows the same days. */
export function useDashboardRange(timeZone: string): [DashboardRange, (next: DashboardRange) => void] {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params, timeZone);
  const setRange = (next: DashboardRange) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const key of ['range', 'from', 'to']) out.delete(key);
        if (next.preset === 'custom') {
          out.set('from', next.startDate);
          out.set('to', next.endDate);
        } else if (next.preset !== DEFAULT_PRESET) {
          out.set('range', next.preset);
        }
        return out;
      },
      { replace: true, preventScrollReset: true },
    );
  return [range, setRange];
}
