import type { Language } from '@cursus/contracts';

export type EmailTemplate = 'confirm-email' | 'reset-password';

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
};

export function renderEmail(
  template: EmailTemplate,
  language: Language,
  data: { name: string; url: string },
): Rendered {
  const copy = COPY[template][language];
  const intro = copy.intro.replace('{name}', data.name);
  return {
    subject: `Cursus – ${copy.subject}`,
    text: `${intro}\n\n${copy.action} : ${data.url}\n\n${copy.outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(data.url)}">${escapeHtml(copy.action)}</a></p><p>${escapeHtml(copy.outro)}</p>`,
  };
}
