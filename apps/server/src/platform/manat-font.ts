/**
 * The manat sign (₼) is missing from many systems' fonts (Debian's among them: an empty box), so
 * every font stack starts with a one-glyph face that covers only U+20BC (app.css does the same
 * for the web app). For the documents the server writes itself: e-mails, the sandbox card page,
 * the 503 page. Browsers fetch the face only when a ₼ is on the page.
 */
export const MANAT_FONT_STACK = 'Manat,system-ui,sans-serif';

/** The face's two weights, from `base` (a deployment's address, for e-mails; '' on our pages). */
export function manatFontFaces(base = ''): string {
  const face = (file: string, weight: string) =>
    `@font-face{font-family:Manat;src:url(${base}/fonts/${file}) format("woff2");font-weight:${weight};unicode-range:U+20BC}`;
  return face('manat-400.woff2', '100 549') + face('manat-700.woff2', '550 900');
}
