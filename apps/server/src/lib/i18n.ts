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
    // Organisation settings and legal info (issue 16 point 9)
    name: "nom de l'organisme",
    logoFileId: 'logo',
    brandColor: 'couleur de la marque',
    siret: 'SIRET',
    activityDeclarationNumber: "numéro de déclaration d'activité",
    qualiopiNumber: 'numéro du certificat Qualiopi',
    qualiopiIssuer: 'organisme certificateur',
    qualiopiValidUntil: 'date de fin de validité',
    qualiopiFileId: 'certificat Qualiopi (PDF)',
    vatNumber: 'numéro de TVA',
    addressLine: 'adresse',
    postalCode: 'code postal',
    city: 'ville',
    country: 'pays',
    legalRepresentativeName: 'nom du représentant légal',
    legalRepresentativeTitle: 'fonction du représentant légal',
  },
  en: {
    email: 'email',
    password: 'password',
    confirmPassword: 'password confirmation',
    firstName: 'first name',
    lastName: 'last name',
    organizationName: 'organisation name',
    role: 'role',
    name: 'organisation name',
    logoFileId: 'logo',
    brandColor: 'brand colour',
    siret: 'SIRET',
    activityDeclarationNumber: 'activity declaration number',
    qualiopiNumber: 'Qualiopi certificate number',
    qualiopiIssuer: 'certification body',
    qualiopiValidUntil: 'end of validity',
    qualiopiFileId: 'Qualiopi certificate (PDF)',
    vatNumber: 'VAT number',
    addressLine: 'address',
    postalCode: 'postal code',
    city: 'city',
    country: 'country',
    legalRepresentativeName: 'legal representative name',
    legalRepresentativeTitle: 'legal representative title',
  },
};

const CODE_MESSAGES: Record<Language, Record<string, string>> = {
  fr: {
    PASSWORDS_DONT_MATCH: 'les mots de passe ne correspondent pas',
    PASSWORD_TOO_WEAK:
      'au moins 8 caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial',
    PASSWORD_TOO_COMMON: 'ce mot de passe est trop courant',
    brandColorFormat: 'une couleur au format #rrggbb',
    siretFormat: '14 chiffres',
    siretChecksum: 'la clé de contrôle (Luhn) est incorrecte',
    ndaFormat: '11 chiffres',
    vatFormat: 'FR, puis 11 chiffres',
    vatChecksum: 'la clé ne correspond pas au SIREN',
    vatSirenMismatch: "le SIREN n'est pas celui du SIRET",
    postalCodeFormat: '5 chiffres',
    dateFormat: 'une date au format AAAA-MM-JJ',
    fileNotFound: "aucun fichier de l'organisme ne porte cet identifiant",
    fileType: "ce fichier n'est pas du type attendu",
  },
  en: {
    PASSWORDS_DONT_MATCH: 'passwords do not match',
    PASSWORD_TOO_WEAK:
      'at least 8 characters with an upper case, a lower case, a digit and a special character',
    PASSWORD_TOO_COMMON: 'this password is too common',
    brandColorFormat: 'a colour written #rrggbb',
    siretFormat: '14 digits',
    siretChecksum: 'the check key (Luhn) is wrong',
    ndaFormat: '11 digits',
    vatFormat: 'FR, then 11 digits',
    vatChecksum: 'the key does not match the SIREN',
    vatSirenMismatch: "the SIREN is not the SIRET's",
    postalCodeFormat: '5 digits',
    dateFormat: 'a date written YYYY-MM-DD',
    fileNotFound: 'no file of the organisation has this id',
    fileType: 'this file is not of the expected type',
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
