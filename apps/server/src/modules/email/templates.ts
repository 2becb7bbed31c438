import type { Language } from '@cursus/contracts';

export type EmailTemplate = 'confirm-email' | 'reset-password' | 'positioning-invitation';

/**
 * What a template fills in: `{name}` and the link in every one; `{organization}`, `{course}` and
 * `{expires}` (a date already written in the reader's language) where a template names them.
 */
export interface EmailData {
  name: string;
  url: string;
  organization?: string;
  course?: string;
  expires?: string;
}

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const COPY: Record<
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
};

const fill = (copy: string, data: EmailData) =>
  copy.replace(/\{(name|organization|course|expires)\}/g, (_match, key: keyof EmailData) => data[key] ?? '');

export function renderEmail(template: EmailTemplate, language: Language, data: EmailData): Rendered {
  const copy = COPY[template][language];
  const intro = fill(copy.intro, data);
  const outro = fill(copy.outro, data);
  return {
    subject: `Cursus – ${copy.subject}`,
    text: `${intro}\n\n${copy.action} : ${data.url}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(data.url)}">${escapeHtml(copy.action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
