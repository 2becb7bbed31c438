import type { IndicatorFigures, PublicIndicator } from '@cursus/contracts';
import { BarChart3, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePublicIndicators } from '../api/analytics';
import { useFormatters } from './format';
import { IndicatorValue } from './indicator-value';

/**
 * An organisation's public results indicators (Qualiopi indicator 2): the figures it chose to
 * publish, their period and when they were computed; aggregates only, nothing about a person.
 */
export function PublicIndicators({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('analytics');
  const format = useFormatters();
  const query = usePublicIndicators(organizationId);
  let content: ReactNode;
  if (query.isPending) content = <Spinner label={t('public.loading')} />;
  else if (query.isError) {
    // A malformed address (400) is as missing as an unpublished page (404).
    const isMissing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    content = isMissing ? (
      <EmptyState
        icon={SearchX}
        titleAs="h1"
        title={t('public.notFound')}
        description={t('public.notFoundDescription')}
      />
    ) : (
      <LoadErrorAlert
        error={query.error}
        title={t('public.error')}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    const page = query.data;
    const figures = Object.fromEntries(page.indicators.map((item) => [item.key, item.value])) as Pick<
      IndicatorFigures,
      PublicIndicator
    >;
    content = (
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-1 text-center">
          <BarChart3 aria-hidden="true" className="mx-auto size-10 text-primary" />
          <h1 className="text-2xl font-semibold text-foreground">{t('public.title')}</h1>
          <p className="text-lg text-foreground">{page.organizationName}</p>
          <p className="text-sm text-muted-foreground">
            {t('public.period', { from: format.date(page.periodFrom), to: format.lastDay(page.periodTo) })}
          </p>
        </header>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {page.indicators.map(({ key }) => (
            <Card key={key} isFlat padding="p-4" className="flex flex-col gap-1">
              <dt className="text-sm font-medium text-muted-foreground">
                {t(`indicators.items.${key}.label`)}
              </dt>
              <dd className="flex flex-col gap-1">
                <span className="text-2xl font-semibold text-foreground">
                  <IndicatorValue indicator={key} figures={figures} format={format} />
                </span>
                <span className="text-xs text-muted-foreground">
                  {t(`indicators.items.${key}.description`)}
                </span>
              </dd>
            </Card>
          ))}
        </dl>
        <p className="text-center text-xs text-muted-foreground">
          {t('public.computed', { date: format.dateTime(page.computedAt) })} {t('public.footnote')}
        </p>
      </div>
    );
  }
  return (
    <main className="mx-auto flex min-h-svh w-full max-w-2xl flex-col justify-center gap-4 p-4">
      <Card padding="p-6">{content}</Card>
    </main>
  );
}
