import '@mantine/core/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';

const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'var(--font)',
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
