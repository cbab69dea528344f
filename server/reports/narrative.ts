import sanitizeHtml from 'sanitize-html';

/**
 * A narrative as the server keeps it: only the formatting the report editor makes (paragraphs,
 * headings, bold, italic, underline, strike, lists, quotes, line breaks, rules), with no attribute, so
 * nothing pasted or crafted (a script, an event handler, a link, an image, a style) survives into a
 * report a reviewer or a court opens. sanitize-html is a kept parser-based sanitiser: a regex is not one.
 */
const ALLOWED = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'hr', 'mark'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard' as const,
};

export function sanitizeNarrative(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}
