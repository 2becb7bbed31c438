/**
 * How the app's charts (recharts) draw their axes and tooltips: with the theme's colours, so they
 * follow the light and dark themes. Tick labels are filled, not stroked: a stroke outlines each
 * glyph, and the labels read bold and blurred.
 */
export const CHART_AXIS_COLOR = 'var(--muted-foreground)';
export const CHART_TICK = { fill: CHART_AXIS_COLOR, fontSize: 12 } as const;
export const CHART_TOOLTIP = {
  contentStyle: { background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 8 },
  labelStyle: { color: 'var(--foreground)' },
} as const;
