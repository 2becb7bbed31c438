import type { StudentLesson } from '@cursus/contracts';
import { Download, ExternalLink } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';
import { getLanguage } from '@/lib/i18n';
import { formatFileSize } from '../lib/format';
import { VideoEmbed } from './video-embed';

/** Typography for the trainer's rich text: headings, lists, links, quotes and code read as such. */
const PROSE = cn(
  'max-w-none text-base leading-7 break-words text-foreground',
  '[&>:first-child]:mt-0 [&>:last-child]:mb-0',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_h4]:mt-5 [&_h4]:mb-2 [&_h4]:font-semibold [&_h5]:mt-4 [&_h5]:mb-2 [&_h5]:font-semibold',
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-1 [&_li>ul]:my-1 [&_li>ol]:my-1',
  '[&_a]:rounded-sm [&_a]:text-link [&_a]:underline [&_a]:underline-offset-2',
  '[&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-offset-2 [&_a:focus-visible]:outline-ring [&_a:focus-visible]:outline-solid',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-input [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_hr]:my-8 [&_hr]:border-border [&_mark]:rounded-sm [&_mark]:bg-warning-surface [&_mark]:px-0.5 [&_mark]:text-warning-foreground',
);

/**
 * The page's <h1> is the lesson title, so the trainer's own headings start one level below it:
 * an <h1> in the text becomes an <h2>, and so on (headings in order, one <h1> per page).
 */
function demoteHeadings(container: HTMLElement) {
  const headings = Array.from(container.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5'));
  const topLevel = Math.min(...headings.map((heading) => Number(heading.tagName[1])));
  const shift = 2 - topLevel;
  if (!headings.length || shift <= 0) return;
  for (const heading of headings) {
    const level = Math.min(6, Number(heading.tagName[1]) + shift);
    const replacement = document.createElement(`h${level}`);
    replacement.append(...heading.childNodes);
    heading.replaceWith(replacement);
  }
}

/** A text lesson: the HTML exactly as the server stored it (see the comment on the sanitiser below). */
export function TextLesson({ html }: { html: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the HTML is the trigger: React has just replaced the nodes.
  useLayoutEffect(() => {
    if (containerRef.current) demoteHeadings(containerRef.current);
  }, [html]);
  return (
    <div
      ref={containerRef}
      className={PROSE}
      // Safe by construction: this is never a learner's or a client's input, only the lesson HTML the
      // server sanitised on write with an allow-list (apps/server/.../sanitize-lesson-html.ts: no
      // script, style, iframe, event handler or javascript: URL; images only from /api/files). Text
      // such as '<script>' arrives escaped and shows as text. The CSP (no inline scripts) is a second
      // barrier should the sanitiser ever miss something.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised lesson HTML, see above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** `file.url`: the files route online, the device's copy offline (issue 18). */
function UploadedVideo({ file, title }: { file: { url: string; name: string }; title: string }) {
  const { t } = useTranslation('learning');
  const url = file.url;
  return (
    <div className="flex flex-col gap-2">
      {/* biome-ignore lint/a11y/useMediaCaption: uploads carry no caption file yet; the lesson contract has none to offer. */}
      <video
        controls
        preload="metadata"
        src={url}
        aria-label={t('lesson.video.frameTitle', { title })}
        className="aspect-video w-full rounded-xl border border-border bg-black"
      >
        {t('lesson.video.notSupportedByBrowser')}
      </video>
      <a
        href={url}
        download={file.name}
        className={cn(
          'inline-flex items-center gap-1 self-start rounded-sm text-sm text-link hover:underline',
          FOCUS_RING,
        )}
      >
        <Download aria-hidden="true" className="size-4" />
        {t('lesson.video.download')}
      </a>
    </div>
  );
}

function DocumentLesson({ file }: { file: { url: string; name: string; sizeBytes: number } }) {
  const { t } = useTranslation('learning');
  const url = file.url;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName('secondary', 'sm')}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('lesson.document.open')}
        </a>
        <a href={url} download={file.name} className={buttonClassName('secondary', 'sm')}>
          <Download aria-hidden="true" className="size-4" />
          {t('lesson.document.download', { size: formatFileSize(file.sizeBytes, getLanguage()) })}
        </a>
      </div>
      {/* Our own file route, same origin: the browser's built-in PDF viewer (frame-src 'self'). */}
      <iframe
        src={url}
        title={t('lesson.document.frameTitle', { name: file.name })}
        className="h-[70vh] min-h-96 w-full rounded-xl border border-border bg-card"
      />
      <p className="text-xs text-muted-foreground">{t('lesson.document.hint')}</p>
    </div>
  );
}

function LinkLesson({ url }: { url: string }) {
  const { t } = useTranslation('learning');
  // The server accepts only https links; anything else is shown, never made clickable.
  const isWebLink = /^https?:\/\//i.test(url);
  return (
    <Card padding="p-5" isFlat className="flex flex-col items-start gap-3">
      <p className="text-sm text-muted-foreground">{t('lesson.link.description')}</p>
      <p className="max-w-full font-mono text-sm break-all text-foreground">{url}</p>
      {isWebLink && (
        <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClassName('primary')}>
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('lesson.link.open')}
          <span className="sr-only">{t('lesson.link.newTab')}</span>
        </a>
      )}
    </Card>
  );
}

/** The lesson's content by type: text, video (upload or embed), PDF document or external link. */
export function LessonContent({ lesson }: { lesson: StudentLesson }) {
  const { content } = lesson;
  switch (content.type) {
    case 'text':
      return <TextLesson html={content.html} />;
    case 'video':
      return content.source === 'upload' ? (
        <UploadedVideo file={content.file} title={lesson.title} />
      ) : (
        <VideoEmbed provider={content.provider} videoId={content.videoId} title={lesson.title} />
      );
    case 'document':
      return <DocumentLesson file={content.file} />;
    case 'link':
      return <LinkLesson url={content.url} />;
  }
}
