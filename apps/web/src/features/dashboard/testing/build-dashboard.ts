import type { MyDashboard } from '@cursus/contracts';

type DashboardOverrides = Partial<Omit<MyDashboard, 'time' | 'weeklyGoal'>> & {
  time?: Partial<MyDashboard['time']>;
  weeklyGoal?: Partial<MyDashboard['weeklyGoal']>;
};

/** A learner's 'Mon Suivi' answer, valid for the contract, with nothing tracked unless overridden. */
export function buildMyDashboard(overrides: DashboardOverrides = {}): MyDashboard {
  const { time, weeklyGoal, ...rest } = overrides;
  return {
    time: {
      todaySeconds: 0,
      weekSeconds: 0,
      totalSeconds: 0,
      openSessionSeconds: 0,
      weekStartsAt: '2025-03-09T23:00:00.000Z',
      timeZone: 'Europe/Paris',
      ...time,
    },
    weeklyGoal: {
      goalHours: 20,
      goalSeconds: 20 * 3600,
      doneSeconds: time?.weekSeconds ?? 0,
      progressPercent: 0,
      expectedSecondsByNow: 0,
      ...weeklyGoal,
    },
    progressionScore: 0,
    activeCourses: [],
    completedCourses: [],
    recommendations: [],
    ...rest,
  };
}
