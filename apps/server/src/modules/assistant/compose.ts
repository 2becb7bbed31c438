import {
  type AssistantSource,
  type AssistantSpace,
  type ComplianceReport,
  type Language,
  type LearnerGroupSession,
  type Progression,
  QUALITY_INDICATORS,
  type StudentQuestion,
  type TrainerDashboard,
} from '@cursus/contracts';
import type { Passage } from './knowledge.ts';

/** An answer before it is stored: its text and the in-app pages it drew on. */
export interface Answer {
  message: string;
  sources: AssistantSource[];
}

/** In-app addresses (the web's config/paths.ts, which the server cannot import). */
export const LINKS = {
  formation: (courseId: string) => `/formations/${encodeURIComponent(courseId)}`,
  progression: '/progression',
  formations: '/formations',
  groupSessions: '/group-sessions',
  question: (questionId: string) => `/questions?question=${encodeURIComponent(questionId)}`,
  questions: '/questions',
  trainerDashboard: '/trainer/dashboard',
  analytics: '/trainer/analytics',
  compliance: '/trainer/compliance',
  students: (studentId: string) => `/trainer/students/${encodeURIComponent(studentId)}`,
} as const;

/** "1 apprenant", "3 apprenants", "0 learners": the count in the language's digits and plural rule. */
function counted(language: Language, count: number, one: string, other: string): string {
  const form = new Intl.PluralRules(language).select(count) === 'one' ? one : other;
  return `${new Intl.NumberFormat(language).format(count)} ${form}`;
}

const COPY = {
  fr: {
    greeting: {
      student_space:
        'Bonjour ! Demandez-moi où vous en êtes, vos prochaines sessions, vos questions, ou comment utiliser la plateforme.',
      organization_space:
        'Bonjour ! Demandez-moi les chiffres de votre organisme, les indicateurs Qualiopi à compléter, ou comment utiliser la plateforme.',
    },
    progressTitle: 'Ma progression',
    progressIntro: (average: number, count: number) =>
      `Vous suivez ${counted('fr', count, 'formation', 'formations')}, avec une progression moyenne de ${average} % :`,
    progressLine: (title: string, progress: number, done: number, total: number) =>
      `- ${title} : ${progress} % (${done}/${total} leçons)`,
    locked: ' — verrouillée',
    noCourses: "Vous n'êtes inscrit à aucune formation pour l'instant. Votre formateur vous y inscrira.",
    lastCompleted: (lesson: string, course: string) => `Dernière leçon terminée : « ${lesson} » (${course}).`,
    coursesIntro: 'Vos formations :',
    sessionsTitle: 'Sessions de groupe',
    sessionsIntro: 'Vos prochaines sessions de groupe :',
    sessionLine: (title: string, date: string) => `- ${title} : ${date}`,
    noSessions: "Aucune session de groupe n'est prévue pour vous.",
    questionsTitle: 'Mes questions',
    questionsIntro: 'Vos dernières questions :',
    questionLine: (subject: string, status: string) => `- ${subject} (${status})`,
    questionStatus: { pending: 'en attente', answered: 'répondue', resolved: 'résolue' },
    noQuestions:
      "Vous n'avez posé aucune question. Utilisez « J'ai une question ? » pour écrire à vos formateurs.",
    figuresTitle: 'Tableau de bord',
    figures: (d: TrainerDashboard) =>
      [
        `Votre organisme compte ${counted('fr', d.learners.total, 'apprenant', 'apprenants')}, dont ${counted('fr', d.learners.active, 'actif', 'actifs')} récemment.`,
        `- Formations : ${counted('fr', d.formations.published, 'publiée', 'publiées')}, ${d.formations.draft} en brouillon ; ${counted('fr', d.enrolments, 'inscription', 'inscriptions')}.`,
        `- Progression moyenne : ${d.averageCompletion === null ? '—' : `${d.averageCompletion} %`}.`,
        `- Questions en attente : ${d.pendingQuestions}. Sessions à venir : ${d.upcomingSessions.count}.`,
        `- Apprenants à relancer (formation inactive) : ${d.attention.count}.`,
      ].join('\n'),
    complianceTitle: 'Conformité Qualiopi',
    complianceIntro: (percent: number, missing: number, partial: number) =>
      `Préparation Qualiopi : ${percent} %. ${counted('fr', missing, 'indicateur', 'indicateurs')} sans preuve, ${counted('fr', partial, 'partiellement prouvé', 'partiellement prouvés')}.`,
    complianceLine: (number: number, name: string, status: string) =>
      `- Indicateur ${number} (${name}) : ${status}`,
    indicatorStatus: { missing: 'sans preuve', partial: 'preuve partielle' },
    complianceDone: 'Tous les indicateurs applicables ont une preuve.',
    helpIntro: 'Voici ce que disent les guides :',
    passageLine: (title: string, text: string) => `- ${title} : ${text}`,
    nothingFound:
      "Je n'ai rien trouvé à ce sujet dans l'aide ni dans vos données. Reformulez, ou posez la question à votre formateur.",
    nothingFoundStaff:
      "Je n'ai rien trouvé à ce sujet dans l'aide ni dans les données de votre organisme. Reformulez, ou écrivez au support.",
  },
  en: {
    greeting: {
      student_space:
        'Hello! Ask me where you are in your courses, your next group sessions, your questions, or how to use the platform.',
      organization_space:
        "Hello! Ask me for your organisation's figures, the Qualiopi indicators still to evidence, or how to use the platform.",
    },
    progressTitle: 'My progress',
    progressIntro: (average: number, count: number) =>
      `You follow ${counted('en', count, 'course', 'courses')}, ${average}% complete on average:`,
    progressLine: (title: string, progress: number, done: number, total: number) =>
      `- ${title}: ${progress}% (${done}/${total} lessons)`,
    locked: ' — locked',
    noCourses: 'You are not enrolled in any course yet. Your trainer will enrol you.',
    lastCompleted: (lesson: string, course: string) => `Last lesson completed: “${lesson}” (${course}).`,
    coursesIntro: 'Your courses:',
    sessionsTitle: 'Group sessions',
    sessionsIntro: 'Your next group sessions:',
    sessionLine: (title: string, date: string) => `- ${title}: ${date}`,
    noSessions: 'No group session is planned for you.',
    questionsTitle: 'My questions',
    questionsIntro: 'Your latest questions:',
    questionLine: (subject: string, status: string) => `- ${subject} (${status})`,
    questionStatus: { pending: 'pending', answered: 'answered', resolved: 'resolved' },
    noQuestions: 'You have not asked any question. Use “J’ai une question ?” to write to your trainers.',
    figuresTitle: 'Dashboard',
    figures: (d: TrainerDashboard) =>
      [
        `Your organisation has ${counted('en', d.learners.total, 'learner', 'learners')}, ${d.learners.active} of them active recently.`,
        `- Courses: ${d.formations.published} published, ${d.formations.draft} draft; ${counted('en', d.enrolments, 'enrolment', 'enrolments')}.`,
        `- Average progress: ${d.averageCompletion === null ? '—' : `${d.averageCompletion}%`}.`,
        `- Pending questions: ${d.pendingQuestions}. Upcoming sessions: ${d.upcomingSessions.count}.`,
        `- Learners to follow up (idle course): ${d.attention.count}.`,
      ].join('\n'),
    complianceTitle: 'Qualiopi compliance',
    complianceIntro: (percent: number, missing: number, partial: number) =>
      `Qualiopi readiness: ${percent}%. ${counted('en', missing, 'indicator', 'indicators')} without evidence, ${partial} partly evidenced.`,
    complianceLine: (number: number, name: string, status: string) =>
      `- Indicator ${number} (${name}): ${status}`,
    indicatorStatus: { missing: 'no evidence', partial: 'partial evidence' },
    complianceDone: 'Every applicable indicator has evidence.',
    helpIntro: 'Here is what the guides say:',
    passageLine: (title: string, text: string) => `- ${title}: ${text}`,
    nothingFound:
      'I found nothing about this in the help or in your data. Try other words, or ask your trainer.',
    nothingFoundStaff:
      "I found nothing about this in the help or in your organisation's data. Try other words, or write to support.",
  },
} as const;

export function greet(language: Language, space: AssistantSpace): Answer {
  return { message: COPY[language].greeting[space], sources: [] };
}

/** SPEC 'où en suis-je ?': each formation's real progress, each with its link. */
export function describeProgress(language: Language, progression: Progression): Answer {
  const copy = COPY[language];
  if (progression.courses.length === 0) return { message: copy.noCourses, sources: [] };
  const lines = progression.courses.map(
    (course) =>
      copy.progressLine(course.title, course.progress, course.completedLessons, course.totalLessons) +
      (course.isLocked ? copy.locked : ''),
  );
  const last = progression.recentCompletions[0];
  return {
    message: [
      copy.progressIntro(progression.summary.averageProgress, progression.summary.courseCount),
      ...lines,
      ...(last ? ['', copy.lastCompleted(last.lessonTitle, last.courseTitle)] : []),
    ].join('\n'),
    sources: [
      ...progression.courses.map((course) => ({
        title: course.title,
        href: LINKS.formation(course.courseId),
      })),
      { title: copy.progressTitle, href: LINKS.progression },
    ],
  };
}

export function describeCourses(language: Language, progression: Progression): Answer {
  const copy = COPY[language];
  if (progression.courses.length === 0) return { message: copy.noCourses, sources: [] };
  return {
    message: [
      copy.coursesIntro,
      ...progression.courses.map((course) =>
        copy.progressLine(course.title, course.progress, course.completedLessons, course.totalLessons),
      ),
    ].join('\n'),
    sources: progression.courses.map((course) => ({
      title: course.title,
      href: LINKS.formation(course.courseId),
    })),
  };
}

export function describeSessions(language: Language, sessions: readonly LearnerGroupSession[]): Answer {
  const copy = COPY[language];
  if (sessions.length === 0) return { message: copy.noSessions, sources: [] };
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  });
  return {
    message: [
      copy.sessionsIntro,
      ...sessions.map((session) =>
        copy.sessionLine(session.title, format.format(new Date(session.meetingDate))),
      ),
    ].join('\n'),
    sources: [{ title: copy.sessionsTitle, href: LINKS.groupSessions }],
  };
}

export function describeQuestions(language: Language, questions: readonly StudentQuestion[]): Answer {
  const copy = COPY[language];
  if (questions.length === 0) return { message: copy.noQuestions, sources: [] };
  return {
    message: [
      copy.questionsIntro,
      ...questions.map((question) =>
        copy.questionLine(question.subject, copy.questionStatus[question.status]),
      ),
    ].join('\n'),
    sources: questions.map((question) => ({ title: question.subject, href: LINKS.question(question.id) })),
  };
}

export function describeFigures(language: Language, dashboard: TrainerDashboard): Answer {
  const copy = COPY[language];
  return {
    message: copy.figures(dashboard),
    sources: [
      { title: copy.figuresTitle, href: LINKS.trainerDashboard },
      ...dashboard.attention.learners
        .slice(0, 3)
        .map((learner) => ({ title: learner.studentName, href: LINKS.students(learner.studentId) })),
    ],
  };
}

/** The Qualiopi gaps: the applicable indicators still missing evidence, then the partial ones. */
export function describeCompliance(language: Language, report: ComplianceReport, limit = 8): Answer {
  const copy = COPY[language];
  const { readiness } = report;
  const gaps = report.indicators
    .filter(
      (indicator) =>
        indicator.isApplicable && (indicator.status === 'missing' || indicator.status === 'partial'),
    )
    .sort((a, b) => (a.status === b.status ? a.number - b.number : a.status === 'missing' ? -1 : 1));
  const name = (number: number) =>
    QUALITY_INDICATORS.find((item) => item.number === number)?.short[language] ?? '';
  return {
    message: [
      copy.complianceIntro(readiness.percent, readiness.missing, readiness.partial),
      ...(gaps.length === 0
        ? [copy.complianceDone]
        : gaps
            .slice(0, limit)
            .map((gap) =>
              copy.complianceLine(
                gap.number,
                name(gap.number),
                copy.indicatorStatus[gap.status as 'missing' | 'partial'],
              ),
            )),
    ].join('\n'),
    sources: [{ title: copy.complianceTitle, href: LINKS.compliance }],
  };
}

/**
 * A search's answer: the passages found (the help texts, the user's own records), each quoted
 * with its page as a source; nothing found says so rather than guessing.
 */
export function describePassages(
  language: Language,
  space: AssistantSpace,
  passages: readonly Passage[],
): Answer {
  const copy = COPY[language];
  if (passages.length === 0)
    return { message: space === 'student_space' ? copy.nothingFound : copy.nothingFoundStaff, sources: [] };
  return {
    message: [
      copy.helpIntro,
      ...passages.map((passage) => copy.passageLine(passage.title, passage.text)),
    ].join('\n'),
    sources: dedupeSources(passages.map((passage) => passage.page)),
  };
}

/** Sources by address, the first title kept: three FAQ entries of one page make one link. */
export function dedupeSources(sources: readonly AssistantSource[]): AssistantSource[] {
  const seen = new Map<string, AssistantSource>();
  for (const source of sources) if (!seen.has(source.href)) seen.set(source.href, source);
  return [...seen.values()];
}
