import {
  Download,
  Globe,
  Laptop,
  type LucideIcon,
  Monitor,
  Smartphone,
  TabletSmartphone,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useInstallPrompt } from '@/hooks/use-install-prompt';
import { PublicPage, Section } from './public-page';

type Platform = 'chromeEdge' | 'android' | 'ios' | 'macSafari' | 'firefox';

const PLATFORM_ICONS: Record<Platform, LucideIcon> = {
  chromeEdge: Monitor,
  android: Smartphone,
  ios: TabletSmartphone,
  macSafari: Laptop,
  firefox: Globe,
};

/** SPEC 2 /install: installing the PWA on each platform, or using it as a website where that is not possible. */
export default function InstallRoute() {
  const { t } = useTranslation('legal');
  const platforms = t('install.platforms', { returnObjects: true });
  const { canInstall, promptInstall } = useInstallPrompt();
  return (
    <PublicPage page="install" title={t('install.title')} intro={t('install.intro')}>
      {/* Only where the browser offered the install (Chromium's beforeinstallprompt, lib/install-prompt.ts). */}
      {canInstall && (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-info-border bg-info-surface p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <p className="leading-relaxed text-info-foreground">{t('install.prompt.text')}</p>
          <Button onClick={() => void promptInstall()}>
            <Download aria-hidden="true" className="size-4" />
            {t('install.prompt.button')}
          </Button>
        </div>
      )}
      {(Object.keys(PLATFORM_ICONS) as Platform[]).map((platform) => {
        const content = platforms[platform];
        const Icon = PLATFORM_ICONS[platform];
        const headingId = `install-${platform}-title`;
        return (
          <Card
            as="section"
            padding="p-5 sm:p-6"
            isFlat
            key={platform}
            aria-labelledby={headingId}
            className="flex flex-col gap-3"
          >
            <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-foreground">
              <Icon aria-hidden="true" className="size-5 text-primary" />
              {content.title}
            </h2>
            {'steps' in content ? (
              <ol
                aria-label={t('install.stepsLabel')}
                className="flex list-decimal flex-col gap-1.5 pl-6 leading-relaxed text-foreground marker:font-semibold"
              >
                {content.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            ) : (
              content.paragraphs.map((paragraph) => (
                <p key={paragraph} className="leading-relaxed text-foreground">
                  {paragraph}
                </p>
              ))
            )}
          </Card>
        );
      })}
      <Section id="after-install" section={t('install.afterInstall', { returnObjects: true })} />
    </PublicPage>
  );
}
