import { type Analytics, type AnalyticsChart, courseLabel, type Language } from '@cursus/contracts';
import { excelCsv } from '../../lib/excel-csv.ts';
import { percent } from './analytics.service.ts';

const LABELS = {
  fr: {
    period: 'Début de la période',
    enrolments: 'Inscriptions',
    course: 'Formation',
    total: 'Total',
    enrolled: 'Inscrits sur la période',
    completed: 'Terminé',
    droppedOut: 'Abandon',
    inProgress: 'En cours',
    completionRate: 'Taux de complétion (%)',
    dropoutRate: "Taux d'abandon (%)",
    duration: 'Durée (hh:mm:ss)',
    hours: 'Heures',
    attempts: 'Tentatives',
    passed: 'Réussies',
    successRate: 'Taux de réussite (%)',
    responses: 'Réponses',
    averageRating: 'Note moyenne (sur 5)',
  },
  en: {
    period: 'Period start',
    enrolments: 'Enrolments',
    course: 'Course',
    total: 'Total',
    enrolled: 'Enrolled in the period',
    completed: 'Completed',
    droppedOut: 'Dropped out',
    inProgress: 'In progress',
    completionRate: 'Completion rate (%)',
    dropoutRate: 'Dropout rate (%)',
    duration: 'Duration (hh:mm:ss)',
    hours: 'Hours',
    attempts: 'Attempts',
    passed: 'Passed',
    successRate: 'Success rate (%)',
    responses: 'Responses',
    averageRating: 'Average rating (out of 5)',
  },
} as const satisfies Record<Language, Record<string, string>>;

const rate = (value: number | null) => (value === null ? '' : String(value));

function duration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}

/** Decimals with the reader's separator: French Excel reads '12,5' as a number, '12.5' as text. */
function decimal(value: number, language: Language): string {
  const text = (Math.round(value * 100) / 100).toString();
  return language === 'fr' ? text.replace('.', ',') : text;
}

/** One chart's figures as a CSV file for French Excel, headers in the reader's language. */
export function analyticsCsv(analytics: Analytics, chart: AnalyticsChart, language: Language): string {
  const label = LABELS[language];
  switch (chart) {
    case 'enrolments':
      return excelCsv(
        [label.period, label.enrolments],
        analytics.enrolments.series.map((point) => [point.bucket, String(point.value)]),
      );
    case 'time':
      return excelCsv(
        [label.period, label.duration, label.hours],
        analytics.time.series.map((point) => [
          point.bucket,
          duration(point.value),
          decimal(point.value / 3600, language),
        ]),
      );
    case 'outcomes': {
      const rows = analytics.courses
        .filter((course) => course.enrolled > 0)
        .map((course) => {
          const inProgress = course.enrolled - course.completed - course.droppedOut;
          return [
            courseLabel(course, analytics.courses),
            String(course.enrolled),
            String(course.completed),
            String(course.droppedOut),
            String(inProgress),
            rate(percent(course.completed, course.enrolled)),
            rate(percent(course.droppedOut, course.enrolled)),
          ];
        });
      const { outcomes } = analytics;
      return excelCsv(
        [
          label.course,
          label.enrolled,
          label.completed,
          label.droppedOut,
          label.inProgress,
          label.completionRate,
          label.dropoutRate,
        ],
        [
          ...rows,
          [
            label.total,
            String(outcomes.enrolled),
            String(outcomes.completed),
            String(outcomes.droppedOut),
            String(outcomes.inProgress),
            rate(outcomes.completionRate),
            rate(outcomes.dropoutRate),
          ],
        ],
      );
    }
    case 'quizzes': {
      const rows = analytics.courses
        .filter((course) => course.quizAttempts > 0)
        .map((course) => [
          courseLabel(course, analytics.courses),
          String(course.quizAttempts),
          String(course.quizPassed),
          rate(percent(course.quizPassed, course.quizAttempts)),
        ]);
      const { quizzes } = analytics;
      return excelCsv(
        [label.course, label.attempts, label.passed, label.successRate],
        [...rows, [label.total, String(quizzes.attempts), String(quizzes.passed), rate(quizzes.successRate)]],
      );
    }
    case 'satisfaction': {
      const satisfaction = analytics.satisfaction;
      return excelCsv(
        [label.responses, label.averageRating],
        [
          [
            String(satisfaction?.responses ?? 0),
            satisfaction?.averageRating == null ? '' : decimal(satisfaction.averageRating, language),
          ],
        ],
      );
    }
  }
}
