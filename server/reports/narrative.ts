import sanitizeHtml from 'sanitize-html';

/**
 * A narrative as the server keeps it: only the formatting the report editor makes (paragraphs,
 * headings, bold, italic, underline, strike, lists, quotes, line breaks, rules), so nothing pasted or
 * crafted (a script, an event handler, a link, an image, a style) survives into a report a reviewer
 * or a court opens. The one attribute kept is an AI-drafted sentence's citation of its transcript
 * passages (`<span data-cite="P3 P4">`), and only in that form. sanitize-html is a kept parser-based
 * sanitiser: a regex is not one.
 */
const CITATION = /^P\d{1,4}( P\d{1,4}){0,19}$/;

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'hr', 'mark', 'span'],
  allowedAttributes: { span: ['data-cite'] },
  transformTags: {
    span: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      if (CITATION.test(attribs['data-cite'] ?? '')) kept['data-cite'] = attribs['data-cite']!;
      return { tagName, attribs: kept };
    },
  },
  disallowedTagsMode: 'discard',
};

export function sanitizeNarrative(html: string): string {
  // A span that cites nothing is only its text.
  return sanitizeHtml(html, ALLOWED)
    .replace(/<span>([\s\S]*?)<\/span>/g, '$1')
    .trim();
}
