/** Sections of the sidebars (SPEC 2 layout and navigation); menu items carry one of these ids. */
export type SectionId =
  | 'dashboard'
  | 'analytics'
  | 'planning'
  | 'courses'
  | 'create'
  | 'quizzes'
  | 'group-sessions'
  | 'evaluations'
  | 'marketplace'
  | 'students'
  | 'signatures'
  | 'certificates'
  | 'messages'
  | 'forum'
  | 'trainers'
  | 'connections'
  | 'compliance'
  | 'documents'
  | 'settings'
  | 'legal-info'
  | 'onboarding'
  | 'exercises'
  | 'coaching'
  | 'progression';

/** First match wins, so the more specific patterns come first. `:id` stands for any one segment. */
const SECTION_PATTERNS: [pattern: string, section: SectionId][] = [
  ['/student/formations/:id/signature', 'signatures'],
  ['/student/formations', 'courses'],
  ['/student/documents', 'signatures'],
  ['/student/:id', 'students'],
  ['/dashboard', 'dashboard'],
  ['/formations', 'courses'],
  ['/course', 'courses'],
  ['/lesson', 'courses'],
  ['/questions-hub/:id', 'trainers'],
  ['/questions-hub', 'forum'],
  ['/questions', 'messages'],
  ['/progression', 'progression'],
  ['/quizz', 'quizzes'],
  ['/exercises', 'exercises'],
  ['/coaching', 'coaching'],
  ['/group-sessions', 'group-sessions'],
  ['/create-formation', 'create'],
  ['/assign-organization', 'onboarding'],
  ['/trainer/dashboard', 'dashboard'],
  ['/trainer/analytics', 'analytics'],
  ['/trainer/planning', 'planning'],
  ['/trainer/courses', 'courses'],
  ['/trainer/formation', 'courses'],
  ['/trainer/create-formation', 'create'],
  ['/trainer/quizzes', 'quizzes'],
  ['/trainer/group-sessions', 'group-sessions'],
  ['/trainer/custom-evaluations', 'evaluations'],
  ['/trainer/marketplace', 'marketplace'],
  ['/trainer/store', 'marketplace'],
  ['/trainer/students', 'students'],
  ['/trainer/signatures', 'signatures'],
  ['/trainer/certificates', 'certificates'],
  ['/trainer/messages', 'messages'],
  ['/trainer/communication', 'messages'],
  ['/trainer/forum', 'forum'],
  ['/trainer/trainers', 'trainers'],
  ['/trainer/connection-logs', 'connections'],
  ['/trainer/compliance', 'compliance'],
  ['/trainer/qualiopi', 'compliance'],
  ['/trainer/documents', 'documents'],
  ['/trainer/settings', 'settings'],
  ['/trainer/legal-info', 'legal-info'],
  ['/admin/dashboard', 'dashboard'],
  ['/admin/monitoring', 'dashboard'],
  ['/admin/system-monitoring', 'dashboard'],
  ['/admin/health', 'dashboard'],
  ['/admin/analytics', 'analytics'],
  ['/admin/courses', 'courses'],
  ['/admin/quizzes', 'quizzes'],
  ['/admin/group-sessions', 'group-sessions'],
  ['/admin/students', 'students'],
  ['/admin/student', 'students'],
  ['/admin/trainers', 'trainers'],
  ['/admin/trainer', 'trainers'],
  ['/admin/organization-onboarding', 'onboarding'],
  ['/admin/organization', 'onboarding'],
  ['/admin/document-requirements', 'documents'],
  ['/admin/settings', 'settings'],
  // SPEC 2 /trainer/{trainerId}: any other single segment under /trainer is a trainer's page.
  ['/trainer/:id', 'trainers'],
];

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  if (segments.length < parts.length) return false;
  // A bare ':id' pattern ending (like /trainer/:id) must be the whole path, or every sub-page would match.
  if (parts.at(-1) === ':id' && segments.length !== parts.length) return false;
  return parts.every((part, index) => part === ':id' || part === segments[index]);
}

/** SPEC 2: the sidebar's active item derived from the path, ids included; null when none applies. */
export function getActiveSection(pathname: string): SectionId | null {
  const segments = pathname.split(/[?#]/)[0]!.split('/').filter(Boolean);
  for (const [pattern, section] of SECTION_PATTERNS) if (matches(pattern, segments)) return section;
  return null;
}
