import type { PlatformOverview } from '@cursus/contracts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_AXIS_COLOR, CHART_TICK, CHART_TOOLTIP } from '@/components/ui/chart-theme';
import type { AdminFormat } from './format';

/**
 * Sign-ups per week as bars. The SVG says nothing to a screen reader: the card's summary and its
 * table carry the figures, so the chart is hidden from the tree and its keyboard layer is off.
 */
export function SignupsChart({
  weeks,
  format,
  seriesLabel,
}: {
  weeks: PlatformOverview['signupsByWeek'];
  format: AdminFormat;
  seriesLabel: string;
}) {
  const data = weeks.map((week) => ({ label: format.shortDate(week.weekStartsAt), count: week.count }));
  return (
    <div aria-hidden="true" className="h-48 w-full">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 192 }}>
        <BarChart data={data} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis dataKey="label" tick={CHART_TICK} stroke={CHART_AXIS_COLOR} />
          <YAxis allowDecimals={false} tick={CHART_TICK} stroke={CHART_AXIS_COLOR} width={32} />
          <Tooltip {...CHART_TOOLTIP} formatter={(value) => [format.number(Number(value)), seriesLabel]} />
          <Bar dataKey="count" fill="var(--primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
