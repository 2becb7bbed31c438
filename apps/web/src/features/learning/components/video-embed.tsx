import { parseVideoUrl, type VideoProvider, videoEmbedUrl, videoPageUrl } from '@cursus/contracts';
import { ExternalLink, Play, PlayCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';

const PROVIDER_NAMES: Record<VideoProvider, string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  dailymotion: 'Dailymotion',
};

/**
 * The player address, rebuilt on this side from the contract's allow-list rather than taken from
 * the answer: whatever the server sends, only the three privacy-friendly players can be framed
 * (and the CSP's frame-src names only them). Null when the id does not pass the allow-list.
 */
export function getSafeEmbedUrl(provider: VideoProvider, videoId: string): string | null {
  const parsed = parseVideoUrl(videoPageUrl(provider, videoId));
  if (!parsed || parsed.provider !== provider || parsed.videoId !== videoId) return null;
  const embedUrl = videoEmbedUrl(provider, videoId);
  // The learner already pressed play on our facade: start at once rather than ask for a second click.
  return `${embedUrl}${embedUrl.includes('?') ? '&' : '?'}autoplay=1`;
}

export interface VideoEmbedProps {
  provider: VideoProvider;
  videoId: string;
  /** The lesson's title, naming the player frame. */
  title: string;
}

/**
 * A YouTube, Vimeo or Dailymotion video behind a click-to-load facade: nothing is requested from
 * the provider (no iframe, no thumbnail) until the learner presses 'Lire la vidéo', after reading
 * that playing loads content from that provider.
 */
export function VideoEmbed({ provider, videoId, title }: VideoEmbedProps) {
  const { t } = useTranslation('learning');
  const [isPlaying, setIsPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const noticeId = useId();
  const providerName = PROVIDER_NAMES[provider];
  const embedUrl = getSafeEmbedUrl(provider, videoId);

  // The play button is gone once the player is there: keyboard focus moves into the player.
  useEffect(() => {
    if (isPlaying) frameRef.current?.focus();
  }, [isPlaying]);

  if (!embedUrl) return <Alert variant="warning">{t('lesson.video.unsupported')}</Alert>;

  return (
    <Card as="figure" padding="p-0" isFlat className="overflow-hidden">
      {isPlaying ? (
        <iframe
          ref={frameRef}
          src={embedUrl}
          title={t('lesson.video.frameTitle', { title })}
          className="aspect-video w-full border-0 bg-black"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          // The players need their own scripts and origin; they may not navigate our page.
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
          // YouTube refuses to play without knowing the embedding site's origin (never the full path).
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className="flex min-h-64 flex-col items-center justify-center gap-3 bg-muted px-4 py-8 text-center sm:aspect-video">
          <PlayCircle aria-hidden="true" className="size-12 text-primary" />
          <p className="font-medium text-foreground">
            {t('lesson.video.hostedBy', { provider: providerName })}
          </p>
          <p id={noticeId} className="max-w-lg text-xs text-muted-foreground">
            {t('lesson.video.privacyNotice', { provider: providerName })}
          </p>
          <Button onClick={() => setIsPlaying(true)} aria-describedby={noticeId}>
            <Play aria-hidden="true" className="size-4" />
            {t('lesson.video.play')}
          </Button>
        </div>
      )}
      <figcaption className="border-t border-border px-4 py-2 text-xs">
        <a
          href={videoPageUrl(provider, videoId)}
          target="_blank"
          rel="noopener noreferrer"
          className={cn('inline-flex items-center gap-1 rounded-sm text-link hover:underline', FOCUS_RING)}
        >
          {t('lesson.video.openOnProvider', { provider: providerName })}
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{t('lesson.link.newTab')}</span>
        </a>
      </figcaption>
    </Card>
  );
}
