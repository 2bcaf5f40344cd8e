import { Badge } from '@mantine/core';
import type { DiscountStatus } from '@shop/shared';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<DiscountStatus, string> = {
  live: 'green',
  scheduled: 'blue',
  ended: 'gray',
  inactive: 'gray',
};

/** Where a pop-up, bundle or code stands now (computed by the server at the read). */
export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOURS[status]} data-status={status}>
      {t(`discounts.status.${status}`)}
    </Badge>
  );
}
