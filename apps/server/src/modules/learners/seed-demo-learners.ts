import type { SessionUser } from '@cursus/contracts';
import type { LearnersService } from './learners.service.ts';

/** Learners staff invited from a spreadsheet who have not signed in yet: the list's third state. */
const INVITED = [
  ['Girard', 'Manon', 'manon.girard', '06 12 34 56 78'],
  ['Bonnet', 'Théo', 'theo.bonnet', ''],
  ['Dupont', 'Camille', 'camille.dupont', '07 98 76 54 32'],
  ['Lefèvre', 'Jules', 'jules.lefevre', ''],
  ['Fontaine', 'Zoé', 'zoe.fontaine', '06 55 44 33 22'],
  ['Rousseau', 'Louis', 'louis.rousseau', ''],
  ['Mercier', 'Emma', 'emma.mercier', ''],
] as const;

/**
 * The demo's learners beyond those with accounts: seven invited through an import (never signed
 * in, so the list pages past its first ten), and administrative info for three of the others.
 */
export async function seedDemoLearners(
  deps: { service: LearnersService },
  input: { trainer: SessionUser; domain: string; learners: { lea: string; hugo: string; chloe: string } },
) {
  const { service } = deps;
  const { trainer } = input;
  await service.importRows(trainer, {
    rows: INVITED.map(([lastName, firstName, local, phone], index) => ({
      line: index + 2,
      lastName,
      firstName,
      email: `${local}@${input.domain}`,
      phone,
    })),
  });
  await service.updateAdministrative(trainer, input.learners.lea, {
    address: '12 rue de la République',
    city: 'Lyon',
    postalCode: '69002',
    country: 'France',
    birthDate: '1994-03-18',
    birthPlace: 'Villeurbanne',
    professionalStatus: 'employed',
    employer: 'Atelier Lumière SARL',
  });
  await service.updateAdministrative(trainer, input.learners.hugo, {
    address: '4 place Bellecour',
    city: 'Lyon',
    postalCode: '69002',
    country: 'France',
    birthDate: '1988-11-02',
    birthPlace: 'Grenoble',
    professionalStatus: 'unemployed',
    employer: null,
  });
  await service.updateAdministrative(trainer, input.learners.chloe, {
    address: '27 avenue Jean Jaurès',
    city: 'Villeurbanne',
    postalCode: '69100',
    country: 'France',
    birthDate: '2001-07-09',
    birthPlace: 'Lyon',
    professionalStatus: 'student',
    employer: null,
  });
}
