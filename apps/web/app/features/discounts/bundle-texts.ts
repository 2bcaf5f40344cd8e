import type { Timer } from '@shop/shared';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundleBlockTexts } from '../../ui/bundle-block';
import { useMoney } from '../../ui/price';

/** A length of time in words, its non-zero units: "2 days 4 hours 5 seconds". */
export function durationWords(t: TFunction, time: Timer): string {
  const units = (['days', 'hours', 'minutes', 'seconds'] as const)
    .filter((unit) => time[unit] > 0)
    .map((unit) => t(`bundles.units.${unit}`, { count: time[unit] }));
  return units.length ? units.join(' ') : t('bundles.units.seconds', { count: 0 });
}

/** The bundle block's words in the interface language, and its money. */
export function useBlockTexts() {
  const { t } = useTranslation();
  const money = useMoney();
  const textsFor = useCallback(
    (percent: number, price: number, bundlePrice: number): BundleBlockTexts => ({
      badge: t('bundles.block.badge', { percent }),
      total: t('bundles.block.total'),
      regularPrice: t('bundles.block.regularPrice'),
      bundlePrice: t('bundles.block.bundlePrice'),
      saving: t('bundles.block.saving', { amount: money(price - bundlePrice) }),
      endsIn: t('bundles.block.endsIn'),
      days: (count) => t('bundles.block.days', { count }),
      remaining: (left) => t('bundles.block.remaining', { time: durationWords(t, left) }),
    }),
    [t, money],
  );
  return { money, textsFor };
}
