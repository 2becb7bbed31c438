import { describe, expect, it } from 'vitest';
import { sanitizeLessonHtml } from './sanitize-lesson-html.ts';

const FILE = '/api/files/0b0c7c1e-5f5e-4b8a-9d3e-2a1f0c9b8a7d';

describe('text lesson sanitising', () => {
  it('keeps the formatting a lesson needs', () => {
    const html =
      '<h2>Titre</h2><p>Un <strong>mot</strong>, un <em>autre</em>, <code>x = 1</code></p>' +
      '<ul><li>un</li></ul><ol start="3"><li>trois</li></ol><blockquote>cité</blockquote><pre>code</pre>';
    expect(sanitizeLessonHtml(html)).toBe(html);
  });

  it.each([
    ['a script element', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['an event handler', '<p onmouseover="alert(1)">a</p>', '<p>a</p>'],
    ['an image with onerror', `<img src="${FILE}" onerror="alert(1)" />`, `<img src="${FILE}" />`],
    [
      'a javascript: link',
      '<a href="javascript:alert(1)">a</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow">a</a>',
    ],
    [
      'an obfuscated javascript: link',
      '<a href="jav&#x09;ascript:alert(1)">a</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow">a</a>',
    ],
    [
      'a data: URL',
      '<a href="data:text/html,<script>alert(1)</script>">a</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow">a</a>',
    ],
    ['a foreign image', '<img src="https://tracker.example/pixel.gif" />', ''],
    ['an image served elsewhere on our origin', '<img src="/api/auth/sign-out" />', ''],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', ''],
    ['a style element', '<style>*{display:none}</style><p>a</p>', '<p>a</p>'],
    ['an inline style', '<p style="background:url(javascript:alert(1))">a</p>', '<p>a</p>'],
    ['an SVG with onload', '<svg onload="alert(1)"><circle /></svg>', ''],
    ['a form', '<form action="https://evil.example"><input name="password" /></form>', ''],
  ])('removes %s', (_name, html, expected) => {
    expect(sanitizeLessonHtml(html)).toBe(expected);
  });

  it('opens links apart from the lesson, without access back to it', () => {
    expect(sanitizeLessonHtml('<a href="https://example.org" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });
});
