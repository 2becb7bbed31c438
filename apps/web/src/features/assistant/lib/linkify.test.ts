import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('link-ifying a reply (SPEC 5)', () => {
  it('turns web addresses into links, leaving the sentence’s punctuation out', () => {
    expect(linkify('Voir https://cursus.example/aide?x=1. Merci', 'student_space')).toEqual([
      { kind: 'text', text: 'Voir ' },
      { kind: 'url', text: 'https://cursus.example/aide?x=1', href: 'https://cursus.example/aide?x=1' },
      { kind: 'text', text: '. Merci' },
    ]);
  });

  it("links each SPEC keyword to its page in the reader's space, once", () => {
    expect(
      linkify('Vos formations et votre Tableau de bord ; vos formations encore.', 'student_space'),
    ).toEqual([
      { kind: 'text', text: 'Vos ' },
      { kind: 'route', text: 'formations', to: '/formations' },
      { kind: 'text', text: ' et votre ' },
      { kind: 'route', text: 'Tableau de bord', to: '/dashboard' },
      { kind: 'text', text: ' ; vos formations encore.' },
    ]);
    expect(linkify('Vos apprenants et vos statistiques', 'organization_space')).toEqual([
      { kind: 'text', text: 'Vos ' },
      { kind: 'route', text: 'apprenants', to: '/trainer/students' },
      { kind: 'text', text: ' et vos ' },
      { kind: 'route', text: 'statistiques', to: '/trainer/analytics' },
    ]);
  });

  it.each([
    ['profil', '/profile'],
    ['calendrier', '/group-sessions'],
    ['progression', '/progression'],
    ['paramètres', '/profile'],
    ['exercices', '/exercises'],
    ['cours', '/formations'],
  ])('learner: %s -> %s', (word, to) => {
    expect(linkify(word, 'student_space')).toEqual([{ kind: 'route', text: word, to }]);
  });

  it.each([
    ['formations', '/trainer/courses'],
    ['profil', '/trainer/profile'],
    ['calendrier', '/trainer/planning'],
    ['paramètres', '/trainer/settings'],
    ['étudiants', '/trainer/students'],
    ['exercices', '/trainer/exercises'],
  ])('staff: %s -> %s', (word, to) => {
    expect(linkify(word, 'organization_space')).toEqual([{ kind: 'route', text: word, to }]);
  });

  it('leaves a keyword inside another word, or without a page in the space, as text', () => {
    expect(linkify('Votre parcours de reformations', 'student_space')).toEqual([
      { kind: 'text', text: 'Votre parcours de reformations' },
    ]);
    expect(linkify('Les apprenants', 'student_space')).toEqual([{ kind: 'text', text: 'Les apprenants' }]);
  });
});
