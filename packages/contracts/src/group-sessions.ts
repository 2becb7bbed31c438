import { z } from 'zod';
import {
  hasNoNul,
  IdParamsSchema,
  NO_NUL,
  OkSchema,
  ORGANIZATION_STAFF,
  type RouteContract,
  STUDENT_OWN_DATA,
  text,
} from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/** Where a session stands, from its start and duration against now. */
export const GROUP_SESSION_TIMINGS = ['upcoming', 'ongoing', 'past'] as const;
export const GroupSessionTimingSchema = z.enum(GROUP_SESSION_TIMINGS);
export type GroupSessionTiming = z.infer<typeof GroupSessionTimingSchema>;

/** The trainer list's filters: every session, or those of one timing. */
export const GROUP_SESSION_FILTERS = ['all', ...GROUP_SESSION_TIMINGS] as const;
export type GroupSessionFilter = (typeof GROUP_SESSION_FILTERS)[number];

export const GROUP_SESSION_SORTS = ['meetingDate', 'title', 'createdAt'] as const;
export type GroupSessionSort = (typeof GROUP_SESSION_SORTS)[number];

export const GROUP_SESSION_TITLE_MAX = 200;
export const GROUP_SESSION_DESCRIPTION_MAX = 5_000;
export const GROUP_SESSION_LOCATION_MAX = 300;
/** A session lasts from 5 minutes to a long day (12 hours); longer trainings are several sessions. */
export const GROUP_SESSION_DURATION_MIN = 5;
export const GROUP_SESSION_DURATION_MAX = 12 * 60;
export const GROUP_SESSION_PARTICIPANTS_MAX = 500;
/** The organisers' clock: dates are entered and shown in Paris time (SPEC). */
export const GROUP_SESSION_TIME_ZONE = 'Europe/Paris';

/** A meeting link from any provider, https only (it is opened and may be embedded). */
export const MeetingUrlSchema = z
  .string()
  .trim()
  .max(2_000)
  .refine(hasNoNul, NO_NUL)
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain }));

export const GroupSessionParticipantSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
});
export type GroupSessionParticipant = z.infer<typeof GroupSessionParticipantSchema>;

export const GroupSessionSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  courseId: z.uuid().nullable(),
  courseTitle: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  meetingDate: z.iso.datetime(),
  durationMinutes: z.number().int().min(1),
  location: z.string().nullable(),
  meetingUrl: z.string().nullable(),
  timing: GroupSessionTimingSchema,
  participantCount: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type GroupSession = z.infer<typeof GroupSessionSchema>;

/** A session as staff see it: with the learners invited. */
export const GroupSessionDetailSchema = GroupSessionSchema.extend({
  participants: z.array(GroupSessionParticipantSchema),
});
export type GroupSessionDetail = z.infer<typeof GroupSessionDetailSchema>;

/** In the admin's list: whose session it is. */
export const AdminGroupSessionSchema = GroupSessionSchema.extend({ organizationName: z.string() });
export type AdminGroupSession = z.infer<typeof AdminGroupSessionSchema>;

/** A session as an invited learner sees it: never who else is invited. */
export const LearnerGroupSessionSchema = GroupSessionSchema.omit({ participantCount: true });
export type LearnerGroupSession = z.infer<typeof LearnerGroupSessionSchema>;

export const GroupSessionListQuerySchema = PaginationQuerySchema.extend({
  filter: z.enum(GROUP_SESSION_FILTERS).default('all'),
  search: SearchQuerySchema,
  sort: z.enum(GROUP_SESSION_SORTS).default('meetingDate'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type GroupSessionListQuery = z.input<typeof GroupSessionListQuerySchema>;
export const GroupSessionListSchema = paginated(GroupSessionSchema);
export type GroupSessionList = z.infer<typeof GroupSessionListSchema>;
export const AdminGroupSessionListSchema = paginated(AdminGroupSessionSchema);
export type AdminGroupSessionList = z.infer<typeof AdminGroupSessionListSchema>;

/** The learner's page: the sessions to come (ongoing included, soonest first) or the history. */
export const LearnerGroupSessionListQuerySchema = PaginationQuerySchema.extend({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
});
export type LearnerGroupSessionListQuery = z.input<typeof LearnerGroupSessionListQuerySchema>;
export const LearnerGroupSessionListSchema = paginated(LearnerGroupSessionSchema);
export type LearnerGroupSessionList = z.infer<typeof LearnerGroupSessionListSchema>;

export const GroupSessionLearnerQuerySchema = PaginationQuerySchema.extend({ search: SearchQuerySchema });
export type GroupSessionLearnerQuery = z.input<typeof GroupSessionLearnerQuerySchema>;
export const GroupSessionLearnerListSchema = paginated(GroupSessionParticipantSchema);
export type GroupSessionLearnerList = z.infer<typeof GroupSessionLearnerListSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(hasNoNul, NO_NUL)
    .transform((value) => value || null)
    .nullable();

const sessionFields = {
  title: text(GROUP_SESSION_TITLE_MAX),
  description: z.string().trim().max(GROUP_SESSION_DESCRIPTION_MAX).refine(hasNoNul, NO_NUL),
  /** The start, with its offset (the web sends Paris time converted). */
  meetingDate: z.iso.datetime({ offset: true }),
  durationMinutes: z.number().int().min(GROUP_SESSION_DURATION_MIN).max(GROUP_SESSION_DURATION_MAX),
  location: optionalText(GROUP_SESSION_LOCATION_MAX),
  meetingUrl: z.union([z.literal('').transform(() => null), MeetingUrlSchema]).nullable(),
  courseId: z.uuid().nullable(),
  /** The organisation's learners invited. */
  studentIds: z.array(z.string().min(1).max(100)).max(GROUP_SESSION_PARTICIPANTS_MAX),
  /** Also invite every learner enrolled in the formation (courseId). */
  inviteCourseLearners: z.boolean(),
};

const hasPlace = (value: { location?: string | null; meetingUrl?: string | null }) =>
  Boolean(value.location) || Boolean(value.meetingUrl);

export const CreateGroupSessionInputSchema = z
  .object({
    ...sessionFields,
    description: sessionFields.description.default(''),
    location: sessionFields.location.default(null),
    meetingUrl: sessionFields.meetingUrl.default(null),
    courseId: sessionFields.courseId.default(null),
    studentIds: sessionFields.studentIds.default([]),
    inviteCourseLearners: sessionFields.inviteCourseLearners.default(false),
  })
  .refine(hasPlace, { path: ['location'], message: 'placeRequired' });
export type CreateGroupSessionInput = z.input<typeof CreateGroupSessionInputSchema>;

/** Every field may change; `studentIds`, when given, is the whole new list. */
export const UpdateGroupSessionInputSchema = z.object({
  title: sessionFields.title.optional(),
  description: sessionFields.description.optional(),
  meetingDate: sessionFields.meetingDate.optional(),
  durationMinutes: sessionFields.durationMinutes.optional(),
  location: sessionFields.location.optional(),
  meetingUrl: sessionFields.meetingUrl.optional(),
  courseId: sessionFields.courseId.optional(),
  studentIds: sessionFields.studentIds.optional(),
  inviteCourseLearners: sessionFields.inviteCourseLearners.default(false),
});
export type UpdateGroupSessionInput = z.input<typeof UpdateGroupSessionInputSchema>;

export const groupSessionRoutes = {
  listForTrainer: {
    method: 'GET',
    path: '/api/trainer/group-sessions',
    access: ORGANIZATION_STAFF,
    query: GroupSessionListQuerySchema,
    response: GroupSessionListSchema,
  },
  /** The organisation's learners, for the invitation picker. */
  listLearners: {
    method: 'GET',
    path: '/api/trainer/group-session-learners',
    access: ORGANIZATION_STAFF,
    query: GroupSessionLearnerQuerySchema,
    response: GroupSessionLearnerListSchema,
  },
  /** The learners invited are emailed (group-session-created and an iCalendar invitation). */
  create: {
    method: 'POST',
    path: '/api/trainer/group-sessions',
    access: ORGANIZATION_STAFF,
    body: CreateGroupSessionInputSchema,
    response: GroupSessionDetailSchema,
  },
  get: {
    method: 'GET',
    path: '/api/trainer/group-sessions/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: GroupSessionDetailSchema,
  },
  /** Learners added are emailed; a new date or duration sends everyone an updated invitation. */
  update: {
    method: 'PATCH',
    path: '/api/trainer/group-sessions/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: UpdateGroupSessionInputSchema,
    response: GroupSessionDetailSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/trainer/group-sessions/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: OkSchema,
  },
  /** Every organisation's sessions (platform administrators). */
  listForAdmin: {
    method: 'GET',
    path: '/api/admin/group-sessions',
    access: { roles: ['admin'], scope: 'organization' },
    query: GroupSessionListQuerySchema,
    response: AdminGroupSessionListSchema,
  },
  listMine: {
    method: 'GET',
    path: '/api/group-sessions',
    access: STUDENT_OWN_DATA,
    query: LearnerGroupSessionListQuerySchema,
    response: LearnerGroupSessionListSchema,
  },
  /** A session the learner is invited to; any other answers 404. */
  getMine: {
    method: 'GET',
    path: '/api/group-sessions/:id',
    access: STUDENT_OWN_DATA,
    params: IdParamsSchema,
    response: LearnerGroupSessionSchema,
  },
} as const satisfies Record<string, RouteContract>;

/**
 * Meeting providers whose rooms the live page embeds (the others open in a new tab): public hosts
 * that allow framing. Self-hosted ones (a BigBlueButton server, a private Jitsi) each have their own
 * origin, which the content security policy would have to name, so they open in a tab.
 */
export const MEETING_EMBED_ORIGINS = [
  'https://meet.jit.si',
  'https://whereby.com',
  'https://*.whereby.com',
] as const;

/**
 * Whether a meeting URL's origin is one of MEETING_EMBED_ORIGINS. Read with a pattern rather than
 * `URL`, which this package (no DOM, no Node types) does not know: an https URL without credentials
 * or port, whose host is compared case-insensitively.
 */
export function isEmbeddableMeeting(meetingUrl: string): boolean {
  const hostname = /^https:\/\/([a-z0-9.-]+)(?:[/?#]|$)/i.exec(meetingUrl)?.[1]?.toLowerCase();
  if (!hostname) return false;
  return MEETING_EMBED_ORIGINS.some((origin) => {
    const host = origin.slice('https://'.length);
    return host.startsWith('*.') ? hostname.endsWith(host.slice(1)) : hostname === host;
  });
}
