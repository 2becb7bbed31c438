import type { Language, UserEmailTemplate } from '@cursus/contracts';
import {
  formatDateTime,
  formatDuration,
  formatPercent,
  plural,
  QUOTE_LIMITS,
  quoteExcerpt,
} from './format.ts';
import type { EmailContent } from './layout.tsx';

/** The account and invitation emails, which cannot be turned off. */
export type EmailTemplate =
  | 'confirm-email'
  | 'reset-password'
  | 'account-locked'
  | 'positioning-invitation'
  | 'attendance-signing-link'
  | 'trainer-invitation'
  | 'learner-invitation'
  | 'new-device-sign-in'
  | 'password-changed'
  | 'password-reset-done'
  | 'two-factor-removed';

/**
 * What an account or invitation template fills in: `{name}` and the link in every one;
 * `{organization}`, `{course}` and `{expires}` (a date already written in the reader's language)
 * where a template names them.
 */
export interface EmailData {
  name: string;
  url: string;
  organization?: string;
  course?: string;
  expires?: string;
  /**
   * Account security emails (issue 19): when it happened (an ISO date, written in the reader's
   * language and Paris time), from which IP, and for a sign-in the browser and system ('' when
   * unrecognised).
   */
  at?: string;
  ip?: string;
  device?: string;
}

/**
 * What each user template is given. Paths are site paths ('/questions?question=…'); the template
 * makes them absolute with APP_URL. Texts are given whole: templates cut them (SPEC 9).
 */
export interface UserEmailData {
  'question-created': { studentName: string; subject: string; message: string; path: string };
  'question-replied': { subject: string; reply: string; responderName: string; path: string };
  'student-reply-received': { studentName: string; subject: string; reply: string; path: string };
  'missing-signature': { courseTitle: string; path: string };
  'inactivity-reminder': {
    daysInactive: number;
    courses: { title: string; progress: number }[];
    path: string;
  };
  'group-session-created': {
    sessionTitle: string;
    startsAt: string;
    durationMinutes: number;
    /** The room or address, when the session happens in a place. */
    location: string | null;
    meetingUrl: string | null;
    path: string;
  };
  'group-session-reminder': {
    sessionTitle: string;
    startsAt: string;
    durationMinutes: number;
    location: string | null;
    meetingUrl: string | null;
    path: string;
  };
  /** Issue 13 point 5: a quiz of a group session the learner is invited to has opened. */
  'session-quiz-available': { sessionTitle: string; quizTitle: string; path: string };
  'meeting-invitation': {
    title: string;
    startsAt: string;
    durationMinutes: number;
    location: string | null;
    meetingUrl: string | null;
    organizerName: string;
    path: string;
  };
}

const SYSTEM_COPY: Record<
  EmailTemplate,
  Record<Language, { subject: string; intro: string; action: string; outro: string }>
> = {
  'confirm-email': {
    fr: {
      subject: 'Confirmez votre adresse email',
      intro: 'Bienvenue sur Cursus, {name} ! Confirmez votre adresse email pour activer votre compte.',
      action: 'Confirmer mon email',
      outro: 'Ce lien est valable 24 heures. Si vous n’avez pas créé de compte, ignorez ce message.',
    },
    en: {
      subject: 'Confirm your email address',
      intro: 'Welcome to Cursus, {name}! Confirm your email address to activate your account.',
      action: 'Confirm my email',
      outro: 'This link is valid for 24 hours. If you did not create an account, ignore this message.',
    },
  },
  'reset-password': {
    fr: {
      subject: 'Réinitialisation de votre mot de passe',
      intro: 'Bonjour {name}, vous avez demandé à réinitialiser votre mot de passe Cursus.',
      action: 'Choisir un nouveau mot de passe',
      outro:
        'Ce lien est valable 1 heure. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    },
    en: {
      subject: 'Reset your password',
      intro: 'Hello {name}, you asked to reset your Cursus password.',
      action: 'Choose a new password',
      outro: 'This link is valid for 1 hour. If you did not ask for it, ignore this message.',
    },
  },
  // Issue 19: the owner learns that someone is guessing their password or codes. {expires} is when
  // the limit lifts; the link lets them choose a new password should the first factor be known.
  'account-locked': {
    fr: {
      subject: 'Connexion bloquée après plusieurs échecs',
      intro:
        'Bonjour {name}, plusieurs tentatives de connexion à votre compte Cursus ont échoué (mot de passe ou code de vérification incorrect). Les connexions sont bloquées jusqu’au {expires}.',
      action: 'Choisir un nouveau mot de passe',
      outro:
        'Si c’était vous, patientez puis réessayez. Sinon, quelqu’un essaie d’accéder à votre compte : choisissez un nouveau mot de passe et activez la double authentification.',
    },
    en: {
      subject: 'Sign-in blocked after several failures',
      intro:
        'Hello {name}, several attempts to sign in to your Cursus account failed (wrong password or verification code). Sign-ins are blocked until {expires}.',
      action: 'Choose a new password',
      outro:
        'If it was you, wait and try again. If not, someone is trying to get into your account: choose a new password and turn on two-factor authentication.',
    },
  },
  // Issue 13 point 4: sent before a formation to someone who may have no account yet.
  'positioning-invitation': {
    fr: {
      subject: 'Votre questionnaire de positionnement',
      intro:
        'Bonjour {name}, {organization} vous invite à répondre à un questionnaire de positionnement avant la formation « {course} ». Vos réponses aident votre formateur à adapter la formation à vos besoins.',
      action: 'Répondre au questionnaire',
      outro:
        'Ce lien personnel est valable jusqu’au {expires} et ne sert qu’une fois. Si vous n’attendiez pas ce message, ignorez-le.',
    },
    en: {
      subject: 'Your positioning questionnaire',
      intro:
        'Hello {name}, {organization} invites you to answer a positioning questionnaire before the course "{course}". Your answers help your trainer fit the course to your needs.',
      action: 'Answer the questionnaire',
      outro:
        'This personal link is valid until {expires} and works once. If you were not expecting this message, ignore it.',
    },
  },
  // Issue 15 point 2: a learner's single-use link to sign their attendance for one half-day. Evidence
  // the organisation must collect, so it is not one of the kinds a person can turn off.
  'attendance-signing-link': {
    fr: {
      subject: 'Signez votre présence',
      intro:
        'Bonjour {name}, {organization} vous demande de signer votre présence à la session « {course} ». Ouvrez le lien et signez avec le doigt ou la souris.',
      action: 'Signer ma présence',
      outro:
        'Ce lien personnel est valable jusqu’au {expires} et ne sert qu’une fois. Si vous n’étiez pas à cette session, ne signez pas et prévenez votre formateur.',
    },
    en: {
      subject: 'Sign your attendance',
      intro:
        'Hello {name}, {organization} asks you to sign your attendance at the session "{course}". Open the link and sign with your finger or mouse.',
      action: 'Sign my attendance',
      outro:
        'This personal link is valid until {expires} and works once. If you did not attend this session, do not sign and tell your trainer.',
    },
  },
  // Issue 16 point 3: a manager invited someone into the organisation's team; the link sets the
  // account's password (the reset-password page) and proves the address.
  'trainer-invitation': {
    fr: {
      subject: 'Invitation à rejoindre l’équipe de formateurs',
      intro:
        'Bonjour {name}, {organization} vous invite à rejoindre son équipe de formateurs sur Cursus. Choisissez votre mot de passe pour activer votre compte.',
      action: 'Choisir mon mot de passe',
      outro:
        'Ce lien personnel est valable jusqu’au {expires}. Si vous n’attendiez pas cette invitation, ignorez ce message.',
    },
    en: {
      subject: 'Invitation to join the training team',
      intro:
        'Hello {name}, {organization} invites you to join its team of trainers on Cursus. Choose your password to activate your account.',
      action: 'Choose my password',
      outro:
        'This personal link is valid until {expires}. If you were not expecting this invitation, ignore this message.',
    },
  },
  // Issue 16 point 2: staff invited (or imported) a learner; the link sets the account's password
  // (the reset-password page) and proves the address.
  'learner-invitation': {
    fr: {
      subject: 'Votre accès à la formation',
      intro:
        'Bonjour {name}, {organization} vous a créé un compte apprenant sur Cursus pour suivre vos formations. Choisissez votre mot de passe pour y accéder.',
      action: 'Choisir mon mot de passe',
      outro:
        'Ce lien personnel est valable jusqu’au {expires}. Si vous n’attendiez pas ce message, ignorez-le.',
    },
    en: {
      subject: 'Your access to your training',
      intro:
        'Hello {name}, {organization} created a learner account for you on Cursus to follow your courses. Choose your password to sign in.',
      action: 'Choose my password',
      outro:
        'This personal link is valid until {expires}. If you were not expecting this message, ignore it.',
    },
  },
  // Issue 19: a sign-in from a browser that holds no device token of the account, which had signed
  // in before. The link leads to the reset page: a new password ends every session.
  'new-device-sign-in': {
    fr: {
      subject: 'Nouvelle connexion à votre compte',
      intro:
        'Bonjour {name}, quelqu’un vient de se connecter à votre compte Cursus depuis un appareil qui ne s’y était jamais connecté.',
      action: 'Changer mon mot de passe',
      outro:
        'Si c’était vous, vous n’avez rien à faire. Sinon, changez votre mot de passe sans attendre\u00a0: toutes les sessions ouvertes seront fermées.',
    },
    en: {
      subject: 'New sign-in to your account',
      intro:
        'Hello {name}, someone has just signed in to your Cursus account from a device that had never signed in to it before.',
      action: 'Change my password',
      outro:
        'If it was you, there is nothing to do. If it wasn’t, change your password at once: every open session will end.',
    },
  },
  'password-changed': {
    fr: {
      subject: 'Votre mot de passe a été modifié',
      intro:
        'Bonjour {name}, le mot de passe de votre compte Cursus vient d’être modifié. Vos autres sessions ont été fermées.',
      action: 'Réinitialiser mon mot de passe',
      outro:
        'Si vous êtes à l’origine de ce changement, vous n’avez rien à faire. Sinon, réinitialisez votre mot de passe sans attendre et prévenez votre organisme.',
    },
    en: {
      subject: 'Your password was changed',
      intro:
        'Hello {name}, the password of your Cursus account has just been changed. Your other sessions have ended.',
      action: 'Reset my password',
      outro:
        'If you made this change, there is nothing to do. If you didn’t, reset your password at once and tell your organisation.',
    },
  },
  'password-reset-done': {
    fr: {
      subject: 'Votre mot de passe a été réinitialisé',
      intro:
        'Bonjour {name}, le mot de passe de votre compte Cursus vient d’être réinitialisé par le lien envoyé à cette adresse. Toutes vos sessions ont été fermées.',
      action: 'Réinitialiser à nouveau',
      outro:
        'Si vous êtes à l’origine de cette réinitialisation, vous n’avez rien à faire. Sinon, réinitialisez votre mot de passe sans attendre et prévenez votre organisme.',
    },
    en: {
      subject: 'Your password was reset',
      intro:
        'Hello {name}, the password of your Cursus account has just been reset through the link sent to this address. All your sessions have ended.',
      action: 'Reset it again',
      outro:
        'If you reset it, there is nothing to do. If you didn’t, reset your password at once and tell your organisation.',
    },
  },
  'two-factor-removed': {
    fr: {
      subject: 'La double authentification de votre compte a été retirée',
      intro:
        'Bonjour {name}, un administrateur de la plateforme a retiré la double authentification de votre compte Cursus. Vous vous connectez désormais avec votre mot de passe seul : réactivez-la depuis votre profil.',
      action: 'Réinitialiser mon mot de passe',
      outro:
        'Si vous l’avez demandé, vous n’avez rien d’autre à faire. Sinon, réinitialisez votre mot de passe sans attendre et prévenez votre organisme.',
    },
    en: {
      subject: 'Two-factor authentication was removed from your account',
      intro:
        'Hello {name}, a platform administrator has removed two-factor authentication from your Cursus account. You now sign in with your password alone: turn it on again from your profile.',
      action: 'Reset my password',
      outro:
        'If you asked for this, there is nothing else to do. If you didn’t, reset your password at once and tell your organisation.',
    },
  },
};

/** The facts of an account security email, labelled in the reader's language. */
const ACCOUNT_FACTS: Record<
  Language,
  { device: string; ip: string; at: string; unknownDevice: string; unknownIp: string }
> = {
  fr: {
    device: 'Appareil\u00a0: ',
    ip: 'Adresse IP\u00a0: ',
    at: 'Date\u00a0: ',
    unknownDevice: 'non reconnu',
    unknownIp: 'inconnue',
  },
  en: {
    device: 'Device: ',
    ip: 'IP address: ',
    at: 'Date: ',
    unknownDevice: 'unrecognised',
    unknownIp: 'unknown',
  },
};

function accountFacts(data: EmailData, language: Language): string[] | undefined {
  if (data.at === undefined) return undefined;
  const labels = ACCOUNT_FACTS[language];
  return [
    ...(data.device === undefined ? [] : [`${labels.device}${data.device || labels.unknownDevice}`]),
    `${labels.ip}${data.ip || labels.unknownIp}`,
    `${labels.at}${formatDateTime(data.at, language)}`,
  ];
}

const fill = (copy: string, data: EmailData) =>
  copy.replace(/\{(name|organization|course|expires)\}/g, (_match, key: keyof EmailData) => data[key] ?? '');

export function systemContent(template: EmailTemplate, language: Language, data: EmailData): EmailContent {
  const copy = SYSTEM_COPY[template][language];
  const intro = fill(copy.intro, data);
  return {
    subject: copy.subject,
    preview: intro,
    paragraphs: [intro],
    details: accountFacts(data, language),
    action: { label: copy.action, url: data.url },
    closing: [fill(copy.outro, data)],
  };
}

/** How the footer and the preferences name each kind, in the reader's language. */
export const KIND_LABELS: Record<UserEmailTemplate, Record<Language, string>> = {
  'missing-signature': { fr: 'Signature manquante', en: 'Missing signature' },
  'inactivity-reminder': { fr: 'Rappel d’inactivité', en: 'Inactivity reminder' },
  'group-session-created': { fr: 'Nouvelle session de groupe', en: 'New group session' },
  'group-session-reminder': { fr: 'Rappel de session de groupe', en: 'Group session reminder' },
  'session-quiz-available': { fr: 'Quiz de session disponible', en: 'Session quiz available' },
  'question-created': { fr: 'Nouvelle question d’un apprenant', en: 'New question from a learner' },
  'question-replied': { fr: 'Réponse à ma question', en: 'Reply to my question' },
  'student-reply-received': { fr: 'Réponse d’un apprenant', en: 'Reply from a learner' },
  'meeting-invitation': { fr: 'Invitation à un rendez-vous', en: 'Meeting invitation' },
};

interface Context {
  language: Language;
  name: string;
  /** Makes a site path absolute (APP_URL). */
  link: (path: string) => string;
}

type UserCopy = { [T in UserEmailTemplate]: (data: UserEmailData[T], context: Context) => EmailContent };

const greeting = ({ language, name }: Context) => (language === 'fr' ? `Bonjour ${name},` : `Hello ${name},`);

/** A quoted title: « … » in French, “…” in English. */
const title = (text: string, language: Language) => (language === 'fr' ? `« ${text} »` : `“${text}”`);

function scheduleDetails(
  data: { startsAt: string; durationMinutes: number; location: string | null; meetingUrl: string | null },
  language: Language,
): string[] {
  const labels =
    language === 'fr'
      ? { when: 'Date', duration: 'Durée', place: 'Lieu', link: 'Lien de connexion' }
      : { when: 'Date', duration: 'Duration', place: 'Place', link: 'Meeting link' };
  return [
    `${labels.when}${language === 'fr' ? ' :' : ':'} ${formatDateTime(data.startsAt, language)}`,
    `${labels.duration}${language === 'fr' ? ' :' : ':'} ${formatDuration(data.durationMinutes, language)}`,
    ...(data.location ? [`${labels.place}${language === 'fr' ? ' :' : ':'} ${data.location}`] : []),
    ...(data.meetingUrl ? [`${labels.link}${language === 'fr' ? ' :' : ':'} ${data.meetingUrl}`] : []),
  ];
}

const USER_COPY: UserCopy = {
  'question-created': (data, context) => {
    const fr = context.language === 'fr';
    const subject = fr ? `Nouvelle question de ${data.studentName}` : `New question from ${data.studentName}`;
    return {
      subject,
      preview: subject,
      greeting: greeting(context),
      paragraphs: [
        fr
          ? `${data.studentName} vous a posé une question : ${title(data.subject, 'fr')}.`
          : `${data.studentName} asked you a question: ${title(data.subject, 'en')}.`,
      ],
      quote: quoteExcerpt(data.message, QUOTE_LIMITS.question),
      action: { label: fr ? 'Répondre à la question' : 'Answer the question', url: context.link(data.path) },
    };
  },
  'question-replied': (data, context) => {
    const fr = context.language === 'fr';
    const subject = fr
      ? `Réponse à votre question ${title(data.subject, 'fr')}`
      : `Reply to your question ${title(data.subject, 'en')}`;
    return {
      subject,
      preview: subject,
      greeting: greeting(context),
      paragraphs: [
        fr
          ? `${data.responderName} a répondu à votre question ${title(data.subject, 'fr')} :`
          : `${data.responderName} replied to your question ${title(data.subject, 'en')}:`,
      ],
      quote: quoteExcerpt(data.reply, QUOTE_LIMITS.replyToLearner),
      action: { label: fr ? 'Lire la réponse' : 'Read the reply', url: context.link(data.path) },
    };
  },
  'student-reply-received': (data, context) => {
    const fr = context.language === 'fr';
    const subject = fr
      ? `${data.studentName} a répondu à ${title(data.subject, 'fr')}`
      : `${data.studentName} replied to ${title(data.subject, 'en')}`;
    return {
      subject,
      preview: subject,
      greeting: greeting(context),
      paragraphs: [
        fr
          ? `${data.studentName} a répondu dans l’échange ${title(data.subject, 'fr')} :`
          : `${data.studentName} replied in the conversation ${title(data.subject, 'en')}:`,
      ],
      quote: quoteExcerpt(data.reply, QUOTE_LIMITS.replyToTrainer),
      action: { label: fr ? 'Voir l’échange' : 'Open the conversation', url: context.link(data.path) },
    };
  },
  'missing-signature': (data, context) => {
    const fr = context.language === 'fr';
    return {
      subject: fr
        ? `Votre signature est attendue pour ${title(data.courseTitle, 'fr')}`
        : `Your signature is needed for ${title(data.courseTitle, 'en')}`,
      preview: fr ? 'Il ne manque plus que votre signature.' : 'Only your signature is missing.',
      greeting: greeting(context),
      paragraphs: fr
        ? [
            `Bravo, vous avez terminé la formation ${title(data.courseTitle, 'fr')} !`,
            'Il ne manque plus que votre signature : elle atteste de votre participation et permet à votre organisme de formation de clôturer votre dossier.',
          ]
        : [
            `Well done, you have completed the course ${title(data.courseTitle, 'en')}!`,
            'Only your signature is missing: it certifies your attendance and lets your training organisation close your file.',
          ],
      action: { label: fr ? 'Signer maintenant' : 'Sign now', url: context.link(data.path) },
    };
  },
  'inactivity-reminder': (data, context) => {
    const { language } = context;
    const fr = language === 'fr';
    const days = plural(
      data.daysInactive,
      language,
      fr ? { one: '{count} jour', other: '{count} jours' } : { one: '{count} day', other: '{count} days' },
    );
    return {
      subject: fr ? 'Vos formations vous attendent' : 'Your courses are waiting for you',
      preview: fr
        ? `Cela fait ${days} que vous n’avez pas avancé dans vos formations.`
        : `You have not worked on your courses for ${days}.`,
      greeting: greeting(context),
      paragraphs: [
        fr
          ? `Cela fait ${days} que vous n’avez pas avancé dans vos formations. Quelques minutes suffisent pour reprendre là où vous en étiez :`
          : `You have not worked on your courses for ${days}. A few minutes are enough to pick up where you left off:`,
      ],
      details: data.courses.map(
        (course) =>
          `${course.title} — ${formatPercent(course.progress, language)} ${fr ? 'terminé' : 'complete'}`,
      ),
      action: { label: fr ? 'Reprendre ma formation' : 'Resume my course', url: context.link(data.path) },
    };
  },
  'group-session-created': (data, context) => {
    const fr = context.language === 'fr';
    const subject = fr
      ? `Nouvelle session de groupe : ${data.sessionTitle}`
      : `New group session: ${data.sessionTitle}`;
    return {
      subject,
      preview: subject,
      greeting: greeting(context),
      paragraphs: [
        fr
          ? `Une session de groupe ${title(data.sessionTitle, 'fr')} a été programmée.`
          : `A group session ${title(data.sessionTitle, 'en')} has been scheduled.`,
      ],
      details: scheduleDetails(data, context.language),
      action: { label: fr ? 'Voir la session' : 'View the session', url: context.link(data.path) },
    };
  },
  'group-session-reminder': (data, context) => {
    const fr = context.language === 'fr';
    const when = formatDateTime(data.startsAt, context.language);
    return {
      subject: fr ? `Rappel : ${data.sessionTitle} approche` : `Reminder: ${data.sessionTitle} is coming up`,
      preview: when,
      greeting: greeting(context),
      paragraphs: [
        fr
          ? `La session de groupe ${title(data.sessionTitle, 'fr')} commence bientôt.`
          : `The group session ${title(data.sessionTitle, 'en')} starts soon.`,
      ],
      details: scheduleDetails(data, context.language),
      action: { label: fr ? 'Voir la session' : 'View the session', url: context.link(data.path) },
    };
  },
  'session-quiz-available': (data, context) => {
    const fr = context.language === 'fr';
    const subject = fr ? `Quiz disponible : ${data.quizTitle}` : `Quiz available: ${data.quizTitle}`;
    return {
      subject,
      preview: subject,
      greeting: greeting(context),
      paragraphs: [
        fr
          ? `Le quiz ${title(data.quizTitle, 'fr')} de la session de groupe ${title(data.sessionTitle, 'fr')} est ouvert : vous pouvez y répondre dès maintenant.`
          : `The quiz ${title(data.quizTitle, 'en')} of the group session ${title(data.sessionTitle, 'en')} is open: you can take it now.`,
      ],
      action: { label: fr ? 'Répondre au quiz' : 'Take the quiz', url: context.link(data.path) },
    };
  },
  'meeting-invitation': (data, context) => {
    const fr = context.language === 'fr';
    const subject = fr ? `Invitation : ${data.title}` : `Invitation: ${data.title}`;
    return {
      subject,
      preview: formatDateTime(data.startsAt, context.language),
      greeting: greeting(context),
      paragraphs: [
        fr
          ? `${data.organizerName} vous invite au rendez-vous ${title(data.title, 'fr')}.`
          : `${data.organizerName} invites you to the meeting ${title(data.title, 'en')}.`,
      ],
      details: scheduleDetails(data, context.language),
      action: { label: fr ? 'Voir le rendez-vous' : 'View the meeting', url: context.link(data.path) },
      closing: [
        fr
          ? 'L’invitation est jointe (fichier .ics) : ouvrez-la pour l’ajouter à votre agenda.'
          : 'The invitation is attached (.ics file): open it to add it to your calendar.',
      ],
    };
  },
};

export function userContent<T extends UserEmailTemplate>(
  template: T,
  data: UserEmailData[T],
  context: Context,
): EmailContent {
  return (USER_COPY[template] as (data: UserEmailData[T], context: Context) => EmailContent)(data, context);
}
