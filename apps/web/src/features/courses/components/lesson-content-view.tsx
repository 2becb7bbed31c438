import { type LessonContent, VIDEO_EMBED_ORIGINS, videoEmbedUrl } from '@cursus/contracts';
import { ExternalLink, FileText, Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '@/components/ui/button';
import { getLanguage } from '@/lib/i18n';
import { formatFileSize } from '../lib/format';
import { LESSON_HTML_CLASS } from '../lib/lesson-html';

const PROVIDER_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo', dailymotion: 'Dailymotion' } as const;

type EmbedContent = Extract<LessonContent, { type: 'video'; source: 'embed' }>;

/**
 * An allow-listed video behind a 'play' button: nothing loads from the video host until the
 * learner asks for it. The player address is rebuilt from the provider and id, never taken as sent.
 */
function VideoEmbed({ content, title }: { content: EmbedContent; title: string }) {
  const { t } = useTranslation('courses');
  const [isLoaded, setIsLoaded] = useState(false);
  const provider = PROVIDER_NAMES[content.provider];
  const src = videoEmbedUrl(content.provider, content.videoId);
  if (!VIDEO_EMBED_ORIGINS.some((origin) => src.startsWith(`${origin}/`))) return null;
  return (
    <div className="aspect-video w-full overflow-hidden rounded-lg border border-border bg-black">
      {isLoaded ? (
        <iframe
          src={src}
          title={t('preview.videoTitle', { title, provider })}
          className="size-full"
          allow="fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setIsLoaded(true)}
          className="flex size-full flex-col items-center justify-center gap-3 p-4 text-center text-white focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-ring focus-visible:outline-solid"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-white/15">
            <Play aria-hidden="true" className="size-7" />
          </span>
          <span className="text-sm font-medium">{t('preview.playVideo', { provider })}</span>
          <span className="max-w-sm text-xs text-white/80">{t('preview.embedNotice', { provider })}</span>
        </button>
      )}
    </div>
  );
}

export interface LessonContentViewProps {
  title: string;
  content: LessonContent;
}

/** A lesson's content as a learner sees it: text, a video, a PDF or a link. */
export function LessonContentView({ title, content }: LessonContentViewProps) {
  const { t } = useTranslation('courses');
  const language = getLanguage();
  switch (content.type) {
    case 'text':
      if (!content.html.trim())
        return <p className="text-sm text-muted-foreground">{t('preview.emptyText')}</p>;
      return (
        <div
          className={LESSON_HTML_CLASS}
          // The server sanitises every text lesson on write (sanitize-lesson-html: no script, no event
          // handler, no javascript: link, images only from our own files), so this HTML is safe to render.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, see above.
          dangerouslySetInnerHTML={{ __html: content.html }}
        />
      );
    case 'video':
      if (content.source === 'embed') return <VideoEmbed content={content} title={title} />;
      return (
        // biome-ignore lint/a11y/useMediaCaption: trainers upload their own videos; captions are not stored yet.
        <video
          controls
          preload="metadata"
          src={content.file.url}
          aria-label={title}
          className="aspect-video w-full rounded-lg border border-border bg-black"
        />
      );
    case 'document':
      return (
        <div className="flex flex-col gap-3">
          <iframe
            src={content.file.url}
            title={t('preview.documentTitle', { title })}
            className="h-[70dvh] min-h-80 w-full rounded-lg border border-border bg-muted"
          />
          <a
            href={content.file.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName('secondary', 'sm', 'self-start')}
          >
            <FileText aria-hidden="true" className="size-4" />
            {t('preview.openDocument', {
              name: content.file.name,
              size: formatFileSize(content.file.sizeBytes, language),
            })}
          </a>
        </div>
      );
    case 'link':
      return (
        <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted p-4">
          <p className="text-sm break-all text-muted-foreground">{content.url}</p>
          <a
            href={content.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName('primary', 'sm', 'self-start')}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('preview.openLink')}
            <span className="sr-only">{t('preview.newWindow')}</span>
          </a>
        </div>
      );
  }
}
