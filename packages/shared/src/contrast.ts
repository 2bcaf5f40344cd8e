/**
 * WCAG 2.1 contrast between two colours given as #rrggbb (or #rgb): 1 (none) to 21 (black on
 * white). Text needs 4.5 (AA), large text 3. The panel's palette is checked with it (web
 * ui/mantine.tsx); a store's own palette will be too.
 */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** Relative luminance of a #rrggbb / #rgb colour (WCAG 2.1). */
function luminance(hex: string): number {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** `hex` darkened towards black by `amount` (0–1), as #rrggbb. */
export function darkenHex(hex: string, amount: number): string {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return `#${[0, 2, 4]
    .map((i) =>
      Math.round(Number.parseInt(full.slice(i, i + 2), 16) * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `hex` lightened towards white by `amount` (0–1), as #rrggbb. */
export function lightenHex(hex: string, amount: number): string {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return `#${[0, 2, 4]
    .map((i) => {
      const channel = Number.parseInt(full.slice(i, i + 2), 16);
      return Math.round(channel + (255 - channel) * amount)
        .toString(16)
        .padStart(2, '0');
    })
    .join('')}`;
}
