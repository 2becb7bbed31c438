import { z } from 'zod';
import { ORGANIZATION_STAFF, type RouteContract } from './common.ts';

/**
 * The organisation's figures (issue 16 points 1 and 6): the trainer dashboard, the analytics
 * screen with its CSV exports, and the results indicators an organisation publishes on a public
 * page (Qualiopi indicator 2). Every figure is aggregated in SQL from the activity records.
 */

/** A learner is active when they signed in or tracked time within this many days. */
export const ACTIVE_LEARNER_DAYS = 30;
/**
 * Dropout: enrolled, below 100 %, and no activity on the formation (tracked time or a lesson
 * completed) for this many days at the end of the period. A learner enrolled more recently than
 * that is still in progress.
 */
export const DROPOUT_INACTIVE_DAYS = 30;
/** Learners needing attention listed on the dashboard (the count covers them all). */
export const ATTENTION_LIST_SIZE = 5;
/** Custom periods are at most two years, so a chart stays readable and the query bounded. */
export const ANALYTICS_MAX_DAYS = 731;
/** The public indicators cover the last twelve months, as Qualiopi auditors read them. */
export const INDICATORS_PERIOD_MONTHS = 12;
/** Public indicator reads per IP and hour, like the certificate verification page. */
export const INDICATORS_PUBLIC_LIMIT = { max: 60, windowMs: 60 * 60 * 1000 } as const;

export const AttentionLearnerSchema = z.object({
  studentId: z.string(),
  studentName: z.string(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  progress: z.number().int().min(0).max(100),
  /** Days since the last activity on the formation (or the enrolment, without any). */
  idleDays: z.number().int().min(0),
});
export type AttentionLearner = z.infer<typeof AttentionLearnerSchema>;

export const TrainerDashboardSchema = z.object({
  computedAt: z.iso.datetime(),
  learners: z.object({
    total: z.number().int().min(0),
    /** Signed in or tracked time within ACTIVE_LEARNER_DAYS days. */
    active: z.number().int().min(0),
  }),
  formations: z.object({
    published: z.number().int().min(0),
    draft: z.number().int().min(0),
  }),
  enrolments: z.number().int().min(0),
  /** Mean progress of the enrolments in formations not archived; null without any. */
  averageCompletion: z.number().int().min(0).max(100).nullable(),
  /** Time tracked since Monday 00:00, Paris time. */
  week: z.object({ seconds: z.number().int().min(0), startsAt: z.iso.datetime() }),
  pendingQuestions: z.number().int().min(0),
  upcomingSessions: z.object({
    count: z.number().int().min(0),
    next: z.object({ id: z.uuid(), title: z.string(), meetingDate: z.iso.datetime() }).nullable(),
  }),
  /**
   * The 'formation untouched' rule of the learners' recommendations (UNTOUCHED_FORMATION_DAYS):
   * an unfinished formation without activity for that many days.
   */
  attention: z.object({
    count: z.number().int().min(0),
    learners: z.array(AttentionLearnerSchema),
  }),
});
export type TrainerDashboard = z.infer<typeof TrainerDashboardSchema>;

export const ANALYTICS_PERIODS = ['30d', '90d', '12m', 'custom'] as const;
export const AnalyticsPeriodSchema = z.enum(ANALYTICS_PERIODS);
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriodSchema>;

export const ANALYTICS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number];

const DateOnlySchema = z.iso.date();

const analyticsQueryFields = {
  period: AnalyticsPeriodSchema.default('30d'),
  /** Custom period, first and last day included (Paris days). */
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
  courseId: z.uuid().optional(),
};

/** A custom period names both its days, in order, and spans at most ANALYTICS_MAX_DAYS. */
function checkPeriod(
  query: { period: AnalyticsPeriod; from?: string; to?: string },
  context: z.RefinementCtx,
) {
  if (query.period !== 'custom') return;
  if (!query.from) context.addIssue({ code: 'custom', path: ['from'], message: 'required' });
  if (!query.to) context.addIssue({ code: 'custom', path: ['to'], message: 'required' });
  if (!query.from || !query.to) return;
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
  if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'before from' });
  else if (days > ANALYTICS_MAX_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: 'too long' });
}

export const AnalyticsQuerySchema = z.object(analyticsQueryFields).superRefine(checkPeriod);
export type AnalyticsQuery = z.input<typeof AnalyticsQuerySchema>;

/** One point of a chart: the bucket's first day (Paris), and its value. */
const BucketSchema = z.object({ bucket: z.iso.date(), value: z.number().int().min(0) });

const RateSchema = z.number().int().min(0).max(100).nullable();

/** One formation's figures over the period. */
export const CourseAnalyticsSchema = z.object({
  courseId: z.uuid(),
  title: z.string(),
  /** The formation's organisation: an admin's figures span several, whose formations may share a title. */
  organizationName: z.string(),
  /** Enrolments made during the period: the cohort the rates are about. */
  enrolled: z.number().int().min(0),
  completed: z.number().int().min(0),
  droppedOut: z.number().int().min(0),
  trackedSeconds: z.number().int().min(0),
  quizAttempts: z.number().int().min(0),
  quizPassed: z.number().int().min(0),
});
export type CourseAnalytics = z.infer<typeof CourseAnalyticsSchema>;

type NamedCourse = { title: string; organizationName: string };

/**
 * A formation's name among `courses`, in the charts, the table and the CSV: its title, with its
 * organisation's when a formation of another organisation in the list has the same title (an
 * admin's figures span every organisation, and the catalogue's copies keep their titles).
 */
export function courseLabel(course: NamedCourse, courses: readonly NamedCourse[]): string {
  const shared = courses.some(
    (other) => other.title === course.title && other.organizationName !== course.organizationName,
  );
  return shared ? `${course.title} (${course.organizationName})` : course.title;
}

export const SatisfactionSchema = z.object({
  responses: z.number().int().min(0),
  /** Mean rating from 1 to 5; null without answers. */
  averageRating: z.number().min(1).max(5).nullable(),
});
export type Satisfaction = z.infer<typeof SatisfactionSchema>;

export const AnalyticsSchema = z.object({
  period: z.object({
    /** First instant of the period and the instant after its end. */
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    granularity: z.enum(ANALYTICS_GRANULARITIES),
  }),
  courseId: z.uuid().nullable(),
  enrolments: z.object({ total: z.number().int().min(0), series: z.array(BucketSchema) }),
  outcomes: z.object({
    /** Learners enrolled during the period (a learner in two formations counts once). */
    learners: z.number().int().min(0),
    enrolled: z.number().int().min(0),
    completed: z.number().int().min(0),
    droppedOut: z.number().int().min(0),
    inProgress: z.number().int().min(0),
    completionRate: RateSchema,
    dropoutRate: RateSchema,
  }),
  time: z.object({
    totalSeconds: z.number().int().min(0),
    /** Learners who tracked time during the period. */
    learners: z.number().int().min(0),
    series: z.array(BucketSchema),
  }),
  quizzes: z.object({
    attempts: z.number().int().min(0),
    passed: z.number().int().min(0),
    successRate: RateSchema,
    averageScore: RateSchema,
  }),
  /** Null when the evaluations are not available to this server. */
  satisfaction: SatisfactionSchema.nullable(),
  courses: z.array(CourseAnalyticsSchema),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

export const ANALYTICS_CHARTS = ['enrolments', 'outcomes', 'time', 'quizzes', 'satisfaction'] as const;
export const AnalyticsChartSchema = z.enum(ANALYTICS_CHARTS);
export type AnalyticsChart = z.infer<typeof AnalyticsChartSchema>;

export const AnalyticsExportQuerySchema = z
  .object({ chart: AnalyticsChartSchema, ...analyticsQueryFields })
  .superRefine(checkPeriod);
export type AnalyticsExportQuery = z.input<typeof AnalyticsExportQuerySchema>;

/** What an organisation may publish (Qualiopi indicator 2: results indicators). */
export const PUBLIC_INDICATORS = [
  'learnersTrained',
  'completionRate',
  'dropoutRate',
  'satisfaction',
  'quizSuccessRate',
  'trainingHours',
] as const;
export const PublicIndicatorSchema = z.enum(PUBLIC_INDICATORS);
export type PublicIndicator = z.infer<typeof PublicIndicatorSchema>;

/** The figures computed over the published period: aggregates only, nothing about a person. */
export const IndicatorFiguresSchema = z.object({
  learnersTrained: z.number().int().min(0),
  completionRate: RateSchema,
  dropoutRate: RateSchema,
  satisfaction: SatisfactionSchema.nullable(),
  quizSuccessRate: RateSchema,
  trainingHours: z.number().int().min(0),
});
export type IndicatorFigures = z.infer<typeof IndicatorFiguresSchema>;

export const IndicatorSnapshotSchema = z.object({
  periodFrom: z.iso.datetime(),
  periodTo: z.iso.datetime(),
  computedAt: z.iso.datetime(),
  figures: IndicatorFiguresSchema,
});
export type IndicatorSnapshot = z.infer<typeof IndicatorSnapshotSchema>;

export const IndicatorSettingsSchema = z.object({
  organizationId: z.uuid(),
  isPublished: z.boolean(),
  indicators: z.array(PublicIndicatorSchema),
  /** The last figures computed; null before the first save. */
  snapshot: IndicatorSnapshotSchema.nullable(),
});
export type IndicatorSettings = z.infer<typeof IndicatorSettingsSchema>;

export const UpdateIndicatorSettingsInputSchema = z.object({
  isPublished: z.boolean(),
  indicators: z
    .array(PublicIndicatorSchema)
    .max(PUBLIC_INDICATORS.length)
    .refine((list) => new Set(list).size === list.length, { message: 'duplicate indicator' }),
});
export type UpdateIndicatorSettingsInput = z.infer<typeof UpdateIndicatorSettingsInputSchema>;

export const PublicIndicatorsParamsSchema = z.object({ organizationId: z.uuid() });

export const PublicIndicatorsSchema = z.object({
  organizationName: z.string(),
  periodFrom: z.iso.datetime(),
  periodTo: z.iso.datetime(),
  computedAt: z.iso.datetime(),
  /** Only the indicators the organisation chose, in PUBLIC_INDICATORS order. */
  indicators: z.array(
    z.discriminatedUnion('key', [
      z.object({ key: z.literal('learnersTrained'), value: z.number().int().min(0) }),
      z.object({ key: z.literal('completionRate'), value: RateSchema }),
      z.object({ key: z.literal('dropoutRate'), value: RateSchema }),
      z.object({ key: z.literal('satisfaction'), value: SatisfactionSchema.nullable() }),
      z.object({ key: z.literal('quizSuccessRate'), value: RateSchema }),
      z.object({ key: z.literal('trainingHours'), value: z.number().int().min(0) }),
    ]),
  ),
});
export type PublicIndicators = z.infer<typeof PublicIndicatorsSchema>;

export const analyticsRoutes = {
  /** The dashboard's key figures: the caller's organisation (every organisation for an admin). */
  dashboard: {
    method: 'GET',
    path: '/api/trainer/dashboard',
    access: ORGANIZATION_STAFF,
    response: TrainerDashboardSchema,
  },
  analytics: {
    method: 'GET',
    path: '/api/trainer/analytics',
    access: ORGANIZATION_STAFF,
    query: AnalyticsQuerySchema,
    response: AnalyticsSchema,
  },
  /** One chart's figures as a CSV file French Excel opens (BOM, ';', CRLF), headers translated. */
  exportAnalytics: {
    method: 'GET',
    path: '/api/trainer/analytics/export',
    access: ORGANIZATION_STAFF,
    query: AnalyticsExportQuerySchema,
    response: z.string(),
  },
  indicatorSettings: {
    method: 'GET',
    path: '/api/trainer/analytics/indicators',
    access: ORGANIZATION_STAFF,
    response: IndicatorSettingsSchema,
  },
  /** Saves the choice and computes the figures again over the last INDICATORS_PERIOD_MONTHS months. */
  updateIndicatorSettings: {
    method: 'PUT',
    path: '/api/trainer/analytics/indicators',
    access: ORGANIZATION_STAFF,
    body: UpdateIndicatorSettingsInputSchema,
    response: IndicatorSettingsSchema,
  },
  /** Anyone, rate limited per IP; 404 NOT_FOUND when the organisation publishes nothing. */
  publicIndicators: {
    method: 'GET',
    path: '/api/indicators/:organizationId',
    access: 'public',
    params: PublicIndicatorsParamsSchema,
    response: PublicIndicatorsSchema,
  },
} as const satisfies Record<string, RouteContract>;
