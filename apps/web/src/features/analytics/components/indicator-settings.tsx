import {
  INDICATORS_PERIOD_MONTHS,
  PUBLIC_INDICATORS,
  type PublicIndicator,
  type IndicatorSettings as Settings,
} from '@cursus/contracts';
import { ExternalLink, Globe } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useIndicatorSettings, useUpdateIndicatorSettings } from '../api/analytics';
import { useFormatters } from './format';
import { IndicatorValue } from './indicator-value';

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation('analytics');
  const format = useFormatters();
  const update = useUpdateIndicatorSettings();
  const [isPublished, setIsPublished] = useState(settings.isPublished);
  const [chosen, setChosen] = useState<PublicIndicator[]>(settings.indicators);
  const noneChosen = isPublished && chosen.length === 0;
  const publicHref = paths.publicIndicators.getHref(settings.organizationId);
  const toggle = (indicator: PublicIndicator, isOn: boolean) =>
    setChosen((current) => (isOn ? [...current, indicator] : current.filter((item) => item !== indicator)));
  const save = () =>
    update.mutate(
      { isPublished, indicators: chosen },
      {
        onSuccess: () => notify.success(t('indicators.saved')),
        onError: (error) => notify.error(getErrorMessage(error)),
      },
    );
  const { snapshot } = settings;
  return (
    <div className="flex flex-col gap-4">
      <Checkbox
        label={t('indicators.publish')}
        hint={t('indicators.publishHint')}
        checked={isPublished}
        onChange={(event) => setIsPublished(event.target.checked)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-foreground">{t('indicators.choose')}</legend>
        <div className="grid grid-cols-1 gap-2 md:grid-cols-2">
          {PUBLIC_INDICATORS.map((indicator) => (
            <Checkbox
              key={indicator}
              label={t(`indicators.items.${indicator}.label`)}
              hint={
                snapshot ? (
                  <>
                    {t(`indicators.items.${indicator}.description`)}{' '}
                    <span className="font-medium text-foreground">
                      <IndicatorValue indicator={indicator} figures={snapshot.figures} format={format} />
                    </span>
                  </>
                ) : (
                  t(`indicators.items.${indicator}.description`)
                )
              }
              checked={chosen.includes(indicator)}
              onChange={(event) => toggle(indicator, event.target.checked)}
            />
          ))}
        </div>
      </fieldset>
      {noneChosen && (
        <p role="alert" className="text-sm text-danger">
          {t('indicators.noneChosen')}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={save} isLoading={update.isPending} disabled={noneChosen}>
          {t('indicators.save')}
        </Button>
        {settings.isPublished && settings.indicators.length > 0 ? (
          <a
            href={publicHref}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm text-link underline"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('indicators.publicLink')}
            <span className="sr-only">{t('indicators.newTab')}</span>
          </a>
        ) : (
          <Badge>{t('indicators.notPublished')}</Badge>
        )}
      </div>
      {settings.isPublished && settings.indicators.length > 0 && (
        <p className="text-xs break-all text-muted-foreground">
          {t('indicators.publicAddress', { url: `${window.location.origin}${publicHref}` })}
        </p>
      )}
      {snapshot && (
        <p className="text-xs text-muted-foreground">
          {t('indicators.computed', {
            date: format.dateTime(snapshot.computedAt),
            from: format.date(snapshot.periodFrom),
            to: format.lastDay(snapshot.periodTo),
          })}
        </p>
      )}
    </div>
  );
}

/**
 * The results indicators the organisation publishes (Qualiopi indicator 2): which ones, its public
 * page's address, and the figures computed when it last saved.
 */
export function IndicatorSettings() {
  const { t } = useTranslation('analytics');
  const headingId = useId();
  const settings = useIndicatorSettings();
  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-foreground">
          <Globe aria-hidden="true" className="size-4" />
          {t('indicators.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('indicators.description', { count: INDICATORS_PERIOD_MONTHS })}
        </p>
      </div>
      {settings.isError ? (
        <LoadErrorAlert
          error={settings.error}
          title={t('indicators.error')}
          retryLabel={t('retry')}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.isPending ? (
        <SkeletonCards
          label={t('indicators.loading')}
          count={1}
          bars={['h-4 w-1/2 rounded', 'h-20 w-full rounded']}
        />
      ) : (
        <SettingsForm key={settings.data.snapshot?.computedAt ?? 'new'} settings={settings.data} />
      )}
    </Card>
  );
}
