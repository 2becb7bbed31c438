import type { PaginationQuery, TrainerExerciseListQuery } from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    exercises: true;
  }
}

export const exerciseKeys = {
  all: getDomainKey('exercises'),
  mine: (query: PaginationQuery) => [...exerciseKeys.all, 'mine', query] as const,
  trainerList: (query: TrainerExerciseListQuery) => [...exerciseKeys.all, 'trainer', query] as const,
  submissions: (exerciseId: string) => [...exerciseKeys.all, 'submissions', exerciseId] as const,
  courseOptions: () => [...exerciseKeys.all, 'course-options'] as const,
  courseModules: (courseId: string) => [...exerciseKeys.all, 'course-modules', courseId] as const,
};
