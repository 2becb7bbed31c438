import {
  type AutomaticEvidence,
  type IndicatorReport,
  QUALITY_INDICATORS,
  type UploadedEvidence,
} from '@cursus/contracts';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat, numberFormat } from '@/lib/intl';
import { STATUS_BADGES, sourceHref } from './compliance-labels';

function useFormats() {
  const language = getLanguage();
  const number = numberFormat(language);
  const day = dateTimeFormat(language, { dateStyle: 'medium' });
  const calendarDay = dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    number: (value: number) => number.format(value),
    instant: (value: string) => day.format(new Date(value)),
    // A day the document proves: no time zone moves it.
    day: (value: string) => calendarDay.format(new Date(`${value}T00:00:00Z`)),
  };
}

function AutomaticLine({ item, organizationId }: { item: AutomaticEvidence; organizationId: string }) {
  const { t } = useTranslation('compliance');
  const format = useFormats();
  const figure =
    item.total === null
      ? format.number(item.count)
      : t('indicators.outOf', { count: format.number(item.count), total: format.number(item.total) });
  return (
    <li className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-foreground">
          {t('labelled', { label: t(`sources.${item.source}`) })} <strong>{figure}</strong>
        </span>
        {item.lastAt && (
          <span className="text-muted-foreground">
            {t('indicators.lastAt', { date: format.instant(item.lastAt) })}
          </span>
        )}
        <Link to={sourceHref(item.source, organizationId)} className="text-primary underline">
          {t('indicators.see')}
          <span className="sr-only"> {t(`sources.${item.source}`)}</span>
        </Link>
      </div>
      {item.gaps.length > 0 && (
        <ul className="ml-4 list-disc text-xs text-muted-foreground">
          {item.gaps.map((gap) => (
            <li key={gap.label}>
              {t('indicators.gap', {
                label: gap.label,
                fields: gap.missing.map((field) => t(`fields.${field}`)).join(', '),
              })}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function UploadLine({ upload, onDelete }: { upload: UploadedEvidence; onDelete: () => void }) {
  const { t } = useTranslation('compliance');
  const format = useFormats();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="min-w-0 text-foreground">
        {upload.title}{' '}
        <span className="text-muted-foreground">
          {t('indicators.provenOn', { date: format.day(upload.provenOn) })}
          {upload.createdByName && ` · ${t('indicators.by', { name: upload.createdByName })}`}
        </span>
      </span>
      <span className="flex items-center gap-2">
        <a
          href={upload.file.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-primary underline"
        >
          <FileText aria-hidden="true" className="size-4" />
          {t('indicators.open')}
          <span className="sr-only"> {upload.title}</span>
        </a>
        <Button variant="ghost" size="sm" onClick={onDelete}>
          {t('indicators.delete')}
          <span className="sr-only"> {upload.title}</span>
        </Button>
      </span>
    </li>
  );
}

/** One indicator: its wording, status, the platform's evidence with links, and the uploaded documents. */
export function IndicatorCard({
  indicator,
  organizationId,
  onAddEvidence,
  onDeleteEvidence,
}: {
  indicator: IndicatorReport;
  organizationId: string;
  onAddEvidence: () => void;
  onDeleteEvidence: (upload: UploadedEvidence) => void;
}) {
  const { t } = useTranslation('compliance');
  const language = getLanguage();
  const definition = QUALITY_INDICATORS[indicator.number - 1]!;
  const headingId = `indicator-${indicator.number}-title`;
  return (
    <Card as="article" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-foreground">
          {t('indicators.indicator', { number: indicator.number })} · {definition.short[language]}
        </h3>
        <Badge variant={STATUS_BADGES[indicator.status]}>{t(`status.${indicator.status}`)}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">{definition.wording[language]}</p>
      {indicator.isApplicable && (
        <>
          {indicator.automatic.length > 0 && (
            <section aria-label={t('indicators.automatic')}>
              <h4 className="text-sm font-medium text-foreground">{t('indicators.automatic')}</h4>
              <ul className="mt-1 flex flex-col gap-1">
                {indicator.automatic.map((item) => (
                  <AutomaticLine key={item.source} item={item} organizationId={organizationId} />
                ))}
              </ul>
            </section>
          )}
          <section aria-label={t('indicators.uploads')}>
            <h4 className="text-sm font-medium text-foreground">{t('indicators.uploads')}</h4>
            {indicator.uploads.length === 0 ? (
              <p className="mt-1 text-sm text-muted-foreground">{t('indicators.noUploads')}</p>
            ) : (
              <ul className="mt-1 flex flex-col gap-1">
                {indicator.uploads.map((upload) => (
                  <UploadLine key={upload.id} upload={upload} onDelete={() => onDeleteEvidence(upload)} />
                ))}
              </ul>
            )}
            <Button variant="secondary" size="sm" className="mt-2" onClick={onAddEvidence}>
              {t('indicators.addEvidence')}
              <span className="sr-only"> {t('indicators.indicator', { number: indicator.number })}</span>
            </Button>
          </section>
        </>
      )}
    </Card>
  );
}
