import { describe, expect, it } from 'vitest';
import {
  type ActionCategory,
  isIndicatorApplicable,
  QUALITY_CRITERIA,
  QUALITY_INDICATORS,
  readinessOf,
  UpdateComplianceProfileInputSchema,
} from './compliance.ts';

const applicable = (actionCategories: ActionCategory[], certifying = false, workLinked = false) =>
  QUALITY_INDICATORS.filter((indicator) =>
    isIndicatorApplicable(indicator, { actionCategories, certifying, workLinked }),
  ).map((indicator) => indicator.number);

describe('the national quality framework', () => {
  it('has 7 criteria and 32 indicators numbered in order, each under an existing criterion', () => {
    expect(QUALITY_CRITERIA.map((criterion) => criterion.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(QUALITY_INDICATORS.map((indicator) => indicator.number)).toEqual(
      Array.from({ length: 32 }, (_, index) => index + 1),
    );
    const perCriterion = QUALITY_CRITERIA.map(
      (criterion) =>
        QUALITY_INDICATORS.filter((indicator) => indicator.criterion === criterion.number).length,
    );
    expect(perCriterion).toEqual([3, 5, 8, 4, 2, 7, 3]);
  });

  it('counts 22 common indicators', () => {
    expect(
      QUALITY_INDICATORS.filter((indicator) => indicator.scope === 'common').map((i) => i.number),
    ).toEqual([1, 2, 4, 5, 6, 9, 10, 11, 12, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 30, 31, 32]);
  });

  it('applies the 22 common indicators plus indicator 8 to a plain training action', () => {
    const numbers = applicable(['training']);
    expect(numbers).toHaveLength(23);
    expect(numbers).toContain(8);
    expect(numbers).not.toContain(3);
  });

  it('adds 3, 7 and 16 when the training leads to a certification', () => {
    expect(applicable(['training'], true)).toHaveLength(26);
    expect(applicable(['training'], true)).toEqual(expect.arrayContaining([3, 7, 16]));
  });

  it('adds 13 and 28, not the apprenticeship ones, to work-linked training outside apprenticeship', () => {
    const numbers = applicable(['training'], false, true);
    expect(numbers).toHaveLength(25);
    expect(numbers).toEqual(expect.arrayContaining([13, 28]));
    expect(numbers).not.toEqual(expect.arrayContaining([14]));
    expect(applicable(['apprenticeship'], false, true)).toHaveLength(32);
  });

  it('applies the common indicators only to a skills assessment', () => {
    expect(applicable(['skills_assessment'])).toHaveLength(22);
  });

  it('applies 3 and 16, not 7 nor 8, to VAE', () => {
    const numbers = applicable(['vae']);
    expect(numbers).toHaveLength(24);
    expect(numbers).toEqual(expect.arrayContaining([3, 16]));
    expect(numbers).not.toContain(7);
    expect(numbers).not.toContain(8);
  });

  it('applies every indicator to an apprentice training centre', () => {
    expect(applicable(['apprenticeship'])).toHaveLength(32);
  });

  it('applies the union of the categories delivered', () => {
    expect(applicable(['skills_assessment', 'vae'])).toEqual(applicable(['vae']));
    expect(applicable(['training', 'vae'])).toHaveLength(25);
  });

  it('writes every indicator in French and English', () => {
    for (const indicator of QUALITY_INDICATORS) {
      expect(indicator.wording.fr.length).toBeGreaterThan(40);
      expect(indicator.wording.en.length).toBeGreaterThan(40);
    }
  });
});

describe('the compliance profile', () => {
  it('keeps each category once, in the framework order', () => {
    expect(
      UpdateComplianceProfileInputSchema.parse({
        actionCategories: ['vae', 'training', 'vae'],
        certifying: false,
        workLinked: false,
      }).actionCategories,
    ).toEqual(['training', 'vae']);
  });

  it('refuses an empty list or an unknown category', () => {
    expect(
      UpdateComplianceProfileInputSchema.safeParse({
        actionCategories: [],
        certifying: false,
        workLinked: false,
      }).success,
    ).toBe(false);
    expect(
      UpdateComplianceProfileInputSchema.safeParse({
        actionCategories: ['cfa'],
        certifying: false,
        workLinked: false,
      }).success,
    ).toBe(false);
  });
});

describe('readiness', () => {
  it('counts evidenced as one, partial as a half and leaves out what does not apply', () => {
    expect(readinessOf(['evidenced', 'partial', 'missing', 'notApplicable'])).toEqual({
      applicable: 3,
      evidenced: 1,
      partial: 1,
      missing: 1,
      percent: 50,
    });
    expect(readinessOf(['evidenced', 'evidenced', 'partial'])).toMatchObject({ percent: 83 });
    expect(readinessOf([])).toMatchObject({ applicable: 0, percent: 0 });
  });
});
