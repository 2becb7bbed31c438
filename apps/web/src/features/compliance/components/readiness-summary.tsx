import { type ComplianceReport, QUALITY_CRITERIA } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Card, CardTitle } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { getLanguage } from '@/lib/i18n';

/** The readiness score as a figure and a bar, then one bar per criterion; the rule is said beside it. */
export function ReadinessSummary({ report }: { report: ComplianceReport }) {
  const { t } = useTranslation('compliance');
  const language = getLanguage();
  const { readiness } = report;
  // Each count agrees with its own adjective ("1 prouvé, 3 manquants"), so each is its own phrase.
  const counts = {
    evidenced: t('readiness.counts.evidenced', { count: readiness.evidenced }),
    partial: t('readiness.counts.partial', { count: readiness.partial }),
    missing: t('readiness.counts.missing', { count: readiness.missing }),
    applicable: readiness.applicable,
  };
  return (
    <Card as="section" aria-labelledby="compliance-readiness-title">
      <CardTitle id="compliance-readiness-title">{t('readiness.title')}</CardTitle>
      <div className="mt-3 flex flex-wrap items-end gap-x-4 gap-y-1">
        <p className="text-4xl font-semibold text-foreground">
          {t('readiness.percent', { percent: readiness.percent })}
        </p>
        <p className="pb-1 text-sm text-muted-foreground">{t('readiness.summary', counts)}</p>
      </div>
      <ProgressBar
        className="mt-3"
        value={readiness.percent}
        label={t('readiness.barLabel')}
        valueText={`${t('readiness.percent', { percent: readiness.percent })}, ${t('readiness.summary', counts)}`}
      />
      <p className="mt-2 text-xs text-muted-foreground">{t('readiness.rule')}</p>
      <h3 className="mt-5 text-sm font-semibold text-foreground">{t('readiness.byCriterion')}</h3>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2">
        {report.criteria.map(({ number, readiness: figures }) => {
          const title = QUALITY_CRITERIA[number - 1]!.title[language];
          return (
            <li key={number} className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-medium text-foreground">{t('readiness.criterion', { number })}</span>
                <span className="text-muted-foreground">
                  {figures.applicable === 0
                    ? t('readiness.none')
                    : t('readiness.percent', { percent: figures.percent })}
                </span>
              </div>
              <ProgressBar
                size="sm"
                value={figures.percent}
                label={t('readiness.criterionTitled', { number, title })}
                valueText={t('readiness.percent', { percent: figures.percent })}
              />
              <p className="line-clamp-2 text-xs text-muted-foreground">{title}</p>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
