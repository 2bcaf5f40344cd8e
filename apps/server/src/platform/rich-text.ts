import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the panel's editor (product descriptions, store policies): only formatting
 * survives — no scripts, styles, event handlers or foreign embeds — and links open safely.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * The platform's articles (blog, tutorials, help): formatting as above, and also pictures — our
 * own uploads only (/uploads/…: a picture from elsewhere could follow a reader), with their alt
 * text and a caption — and code samples.
 */
const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags as string[]), 'img', 'figure', 'figcaption', 'pre', 'code'],
  allowedAttributes: { ...OPTIONS.allowedAttributes, img: ['src', 'alt', 'width', 'height'] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^\/uploads\/[\w./-]+$/.test(frame.attribs.src ?? ''),
};

export function sanitizeArticle(html: string): string {
  return sanitizeHtml(html, ARTICLE_OPTIONS).trim();
}

/** The words of sanitized HTML, as a reader reads them. */
export function plainText(html: string): string {
  // Blocks end with a space, so that their words do not run together.
  const spaced = html.replace(/<\/(p|h\d|li|figcaption|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
