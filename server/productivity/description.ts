import sanitizeHtml from 'sanitize-html';

/**
 * A task's description as the server keeps it: only what the task editor makes (paragraphs, headings,
 * bold, italic, underline, strike, lists, checklists' text, quotes, code, line breaks, rules, and links
 * to web or mail addresses, which open in a new tab without the opener), so nothing pasted or crafted
 * (a script, an event handler, a style, an image, a `javascript:` link) reaches a colleague's screen.
 * sanitize-html is a kept parser-based sanitiser.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}
