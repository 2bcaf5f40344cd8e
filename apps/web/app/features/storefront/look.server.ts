import { fontFaceCss, SOCIAL_NETWORKS, type SocialLinks, STORE_FONTS, type StoreTheme, socialUrl } from '@shop/shared';
import type { StoreLook, StoreSocialLink } from '../../lib/store-context';

/**
 * The store's palette and fonts as the page applies them, worked out on the server: the CSS
 * variables of storefront.module.css and the @font-face rules of its two fonts. The browser gets
 * the result with the page, not the code and tables that make it (the first load's JavaScript).
 */
export function storeLook(theme: StoreTheme): StoreLook {
  const { colours, headingFont, bodyFont } = theme;
  return {
    style: {
      '--sf-bg': colours.background,
      '--sf-soft': colours.surface,
      '--sf-text': colours.text,
      '--sf-muted': colours.muted,
      '--sf-primary': colours.accent,
      '--sf-on-primary': colours.accentText,
      '--sf-line': colours.border,
      '--sf-accent-text': colours.sale,
      '--sf-font': STORE_FONTS[bodyFont].family,
      '--sf-heading-font': STORE_FONTS[headingFont].family,
    },
    fontCss: fontFaceCss([headingFont, bodyFont]),
  };
}

/** The store's profiles as links, in SOCIAL_NETWORKS' order. */
export function storeSocialLinks(social: SocialLinks): StoreSocialLink[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const handle = social[network];
    return handle ? [{ network, url: socialUrl(network, handle) }] : [];
  });
}
