import { Avatar, type AvatarProps } from '@mantine/core';
import type { MarketView } from '@shop/shared';

/** The store's logo, or its initial on a colour derived from the name when it has none. */
export function MarketLogo({ market, ...props }: { market: Pick<MarketView, 'name' | 'logoUrl'> } & AvatarProps) {
  return <Avatar src={market.logoUrl} alt="" color="initials" name={market.name} radius="md" {...props} />;
}
