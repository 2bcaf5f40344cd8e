import '@mantine/core/styles.css';
import { createTheme, DEFAULT_THEME, type MantineColorsTuple, MantineProvider } from '@mantine/core';
import { contrastRatio, darkenHex } from '@shop/shared';
import type { ReactNode } from 'react';

/**
 * Text contrast every shade from 6 on keeps against white: WCAG AA asks 4.5, and on its own light
 * tint (badges, active navigation: the shade at 10 % over white) a shade loses about a fifth.
 */
const TEXT_CONTRAST = 5.6;

/**
 * Mantine's palette with shades 6–9 darkened just enough to read as text on white and on their
 * own light tints (WCAG AA): the defaults of green, yellow, orange, cyan… are 2–4:1, and those
 * shades are what badges, links, dimmed text, active navigation and `c="…"` texts use.
 */
const readableColors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [
    name,
    shades.map((shade, index) => {
      if (index < 6) return shade;
      let darker = shade;
      for (let amount = 0.02; contrastRatio(darker, '#ffffff') < TEXT_CONTRAST && amount < 1; amount += 0.02) {
        darker = darkenHex(shade, amount);
      }
      return darker;
    }) as unknown as MantineColorsTuple,
  ]),
);

const theme = createTheme({
  colors: readableColors,
  primaryColor: 'cyan',
  primaryShade: 8,
  defaultRadius: 'md',
  // --font starts with the manat sign's own face (app.css); headings and code keep it first too.
  fontFamily: 'var(--font)',
  fontFamilyMonospace: 'Manat, ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", monospace',
  headings: { fontFamily: 'var(--font)' },
});

/**
 * Mantine is loaded only by the control panel and the account screens (DESIGN §2). Its own
 * dark scheme stays off: dark mode is the page filter of SPEC §4.
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}
