import { describe, expect, it } from 'vitest';
import {
  CourseListQuerySchema,
  CreateCourseInputSchema,
  LessonContentInputSchema,
  parseVideoUrl,
  UpdateCourseInputSchema,
  videoEmbedUrl,
} from './courses.ts';
import { computeProgress } from './learning.ts';

describe('video links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc', 'vimeo', '76979871'],
    ['https://www.dailymotion.com/video/x8abcde_some-title', 'dailymotion', 'x8abcde'],
    ['https://dai.ly/x8abcde', 'dailymotion', 'x8abcde'],
  ])('reads %s', (url, provider, videoId) => {
    expect(parseVideoUrl(url)).toEqual({ provider, videoId });
  });

  it.each([
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/about',
    'not a url',
  ])('refuses %s', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });

  it('embeds YouTube from its no-cookie domain', () => {
    expect(videoEmbedUrl('youtube', 'dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
  });
});

describe('lesson content', () => {
  it('refuses a video page outside the allow-list with UNSUPPORTED_FORMAT on the url', () => {
    const result = LessonContentInputSchema.safeParse({
      type: 'video',
      source: 'embed',
      url: 'https://evil.example/v/1',
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ['url'], message: 'UNSUPPORTED_FORMAT' });
  });

  it('accepts only https links', () => {
    expect(LessonContentInputSchema.safeParse({ type: 'link', url: 'https://example.org/a' }).success).toBe(
      true,
    );
    for (const url of ['http://example.org', 'javascript:alert(1)', 'ftp://example.org/file']) {
      expect(LessonContentInputSchema.safeParse({ type: 'link', url }).success).toBe(false);
    }
  });
});

describe('formation fields', () => {
  it("defaults the category to 'Formation' when missing or blank (SPEC 3)", () => {
    expect(CreateCourseInputSchema.parse({ title: 'Excel' }).category).toBe('Formation');
    expect(CreateCourseInputSchema.parse({ title: 'Excel', category: '  ' }).category).toBe('Formation');
    expect(UpdateCourseInputSchema.parse({ title: 'Excel' }).category).toBeUndefined();
  });

  it('requires a title (SPEC 5)', () => {
    expect(CreateCourseInputSchema.safeParse({ title: '   ' }).success).toBe(false);
  });

  it("reads query-string booleans as words, so 'false' is false", () => {
    expect(CourseListQuerySchema.parse({ locked: 'false' }).locked).toBe(false);
    expect(CourseListQuerySchema.parse({ locked: 'true' }).locked).toBe(true);
    expect(CourseListQuerySchema.safeParse({ locked: 'yes' }).success).toBe(false);
    expect(CourseListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });
});

describe('progress', () => {
  it('is the rounded share of completed lessons, 0 without lessons', () => {
    expect([0, 1, 2, 3, 4].map((done) => computeProgress(done, 4))).toEqual([0, 25, 50, 75, 100]);
    expect(computeProgress(1, 3)).toBe(33);
    expect(computeProgress(2, 3)).toBe(67);
    expect(computeProgress(0, 0)).toBe(0);
  });
});
