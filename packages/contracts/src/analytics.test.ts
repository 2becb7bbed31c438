import { describe, expect, it } from 'vitest';
import { courseLabel } from './analytics.ts';

describe('courseLabel', () => {
  const demo = { title: 'Excel : les fondamentaux', organizationName: 'Organisme Démo' };
  const lyon = { title: 'Excel : les fondamentaux', organizationName: 'Atelier Numérique Lyon' };
  const word = { title: 'Word avancé', organizationName: 'Organisme Démo' };

  it("names the organisation only when another organisation's formation has the same title", () => {
    expect(courseLabel(demo, [demo, lyon, word])).toBe('Excel : les fondamentaux (Organisme Démo)');
    expect(courseLabel(lyon, [demo, lyon, word])).toBe('Excel : les fondamentaux (Atelier Numérique Lyon)');
    expect(courseLabel(word, [demo, lyon, word])).toBe('Word avancé');
    expect(courseLabel(demo, [demo, word])).toBe('Excel : les fondamentaux');
  });

  it('leaves two formations of one organisation with the same title as they are', () => {
    expect(courseLabel(demo, [demo, { ...demo }])).toBe('Excel : les fondamentaux');
  });
});
