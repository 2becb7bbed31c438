import type { SystemLogSummary } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_TICK, CHART_TOOLTIP } from '@/components/ui/chart-theme';
import type { SystemFormat } from './format';

/**
 * Errors per hour over the period (recharts, loaded on its own: most of the page's weight). The SVG
 * is hidden from screen readers: the summary beside it carries the figures.
 */
export function ErrorsChart({ hours, format }: { hours: SystemLogSummary['hours']; format: SystemFormat }) {
  const { t } = useTranslation('system');
  const data = hours.map((point) => ({
    label: format.hour(point.hour),
    errors: point.errors,
    critical: point.critical,
  }));
  return (
    <div aria-hidden="true" className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 224 }}>
        <BarChart accessibilityLayer={false} data={data}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis dataKey="label" tick={CHART_TICK} minTickGap={24} />
          <YAxis allowDecimals={false} tick={CHART_TICK} width={32} />
          <Tooltip {...CHART_TOOLTIP} />
          <Legend />
          <Bar dataKey="errors" name={t('monitoring.chart.errors')} fill="var(--warning-foreground)" />
          <Bar dataKey="critical" name={t('monitoring.chart.critical')} fill="var(--danger)" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
