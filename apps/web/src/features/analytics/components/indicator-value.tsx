import type { IndicatorFigures, PublicIndicator } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import type { Formatters } from './format';

/** One indicator's figure in words: a rate, a count, hours, or the satisfaction out of 5. */
export function IndicatorValue({
  indicator,
  figures,
  format,
}: {
  indicator: PublicIndicator;
  figures: Pick<IndicatorFigures, PublicIndicator>;
  format: Formatters;
}) {
  const { t } = useTranslation('analytics');
  switch (indicator) {
    case 'learnersTrained':
      return <>{t('indicators.values.learners', { count: figures.learnersTrained })}</>;
    case 'trainingHours':
      return <>{t('indicators.values.hours', { count: figures.trainingHours })}</>;
    case 'satisfaction': {
      const satisfaction = figures.satisfaction;
      if (!satisfaction || satisfaction.averageRating === null || satisfaction.responses === 0)
        return <>{t('indicators.values.noAnswers')}</>;
      return (
        <>
          {t('indicators.values.satisfaction', {
            rating: format.decimal(satisfaction.averageRating),
            count: satisfaction.responses,
          })}
        </>
      );
    }
    default: {
      const value = figures[indicator];
      return <>{value === null ? t('indicators.values.notAvailable') : format.percent(value)}</>;
    }
  }
}
