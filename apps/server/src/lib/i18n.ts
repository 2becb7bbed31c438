import { type Language, normalizeLanguage } from '@cursus/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

const zodLocales = { fr: z.locales.fr(), en: z.locales.en() };

/** The request's language: the signed-in user's choice, else the browser's, else French (SPEC 5). */
export function requestLanguage(request: FastifyRequest): Language {
  if (request.sessionUser) return request.sessionUser.language;
  const header = request.headers['accept-language'] ?? '';
  return normalizeLanguage(header.trim().slice(0, 2).toLowerCase());
}

const FIELD_LABELS: Record<Language, Record<string, string>> = {
  fr: {
    email: 'email',
    password: 'mot de passe',
    confirmPassword: 'confirmation du mot de passe',
    firstName: 'prénom',
    lastName: 'nom',
    organizationName: "nom de l'organisme",
    role: 'rôle',
  },
  en: {
    email: 'email',
    password: 'password',
    confirmPassword: 'password confirmation',
    firstName: 'first name',
    lastName: 'last name',
    organizationName: 'organisation name',
    role: 'role',
  },
};

const CODE_MESSAGES: Record<Language, Record<string, string>> = {
  fr: {
    PASSWORDS_DONT_MATCH: 'les mots de passe ne correspondent pas',
    PASSWORD_TOO_WEAK:
      'au moins 8 caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial',
    PASSWORD_TOO_COMMON: 'ce mot de passe est trop courant',
  },
  en: {
    PASSWORDS_DONT_MATCH: 'passwords do not match',
    PASSWORD_TOO_WEAK:
      'at least 8 characters with an upper case, a lower case, a digit and a special character',
    PASSWORD_TOO_COMMON: 'this password is too common',
  },
};

/** A zod issue in the user's language; our own refinements carry an error code as their message. */
export function describeIssue(
  issue: { code: string; message: string; path: PropertyKey[] } & Record<string, unknown>,
  language: Language,
): string {
  const own = CODE_MESSAGES[language][issue.message];
  if (own) return own;
  const localized = zodLocales[language].localeError(issue as never);
  return typeof localized === 'string' ? localized : (localized?.message ?? issue.message);
}

export function fieldLabel(path: string, language: Language): string {
  return FIELD_LABELS[language][path] ?? path;
}

export const MESSAGES: Record<Language, Record<string, string>> = {
  fr: {
    invalidField: 'Champ « {field} » : {message}',
    malformedJson: 'Le corps de la requête n’est pas du JSON valide.',
    unsupportedMediaType: 'Type de contenu non pris en charge.',
    payloadTooLarge: 'Requête trop volumineuse.',
    generic: 'Erreur serveur. Veuillez réessayer.',
  },
  en: {
    invalidField: 'Field “{field}”: {message}',
    malformedJson: 'The request body is not valid JSON.',
    unsupportedMediaType: 'Unsupported content type.',
    payloadTooLarge: 'Request too large.',
    generic: 'Server error. Please try again.',
  },
};

export function format(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}
