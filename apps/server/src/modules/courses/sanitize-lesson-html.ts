import sanitizeHtml from 'sanitize-html';

// Images may come only from our own file route: no tracking pixels, no mixed content, and the CSP
// (img-src 'self') would block others anyway.
const OWN_FILE_SRC = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'code',
    'pre',
    'blockquote',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open apart from the lesson and cannot reach back into it (window.opener).
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_FILE_SRC.test(frame.attribs.src ?? ''),
};

/**
 * The HTML of a text lesson, cleaned on write so that no stored script can ever run wherever it is
 * shown: scripts, styles, iframes, event handlers (`onerror=`) and `javascript:` URLs are removed.
 */
export function sanitizeLessonHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
