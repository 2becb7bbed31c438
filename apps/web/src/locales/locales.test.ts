import { ERROR_CODES, LANGUAGES } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import { resources } from '@/locales/resources';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

/** Keys with plural suffixes folded, since each language needs its own set of plural forms. */
function baseKeys(tree: Tree): string[] {
  return [...new Set(flatten(tree).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
}

/** The files lib/i18n.ts loads, one chunk each: `./en/time-tracking.json`. */
const FILES = Object.keys(import.meta.glob('./*/*.json'));

describe('locale files', () => {
  it('have the same namespaces in French and English', () => {
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.fr).sort());
  });

  it('are all listed in resources.ts, which the key types and these checks read', () => {
    const listed = LANGUAGES.flatMap((language) =>
      Object.keys(resources[language]).map(
        (namespace) =>
          `./${language}/${namespace.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.json`,
      ),
    );
    expect(listed.sort()).toEqual([...FILES].sort());
  });

  for (const namespace of Object.keys(resources.fr) as (keyof typeof resources.fr)[]) {
    it(`have the same keys in French and English in '${namespace}'`, () => {
      expect(baseKeys(resources.en[namespace] as Tree)).toEqual(baseKeys(resources.fr[namespace] as Tree));
    });
  }

  it('give each plural every form the language needs', () => {
    for (const language of LANGUAGES) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [namespace, tree] of Object.entries(resources[language])) {
        const keys = flatten(tree as Tree);
        const plurals = new Set(
          keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
        );
        for (const plural of plurals) {
          for (const category of categories) {
            expect(keys, `${language}/${namespace}: ${plural}_${category}`).toContain(
              `${plural}_${category}`,
            );
          }
        }
      }
    }
  });

  it('translate every error code the API can send, and the client-side ones', () => {
    for (const language of LANGUAGES) {
      const keys = Object.keys(resources[language].errors);
      for (const code of [...ERROR_CODES, 'NETWORK_ERROR', 'UNKNOWN_ERROR']) {
        expect(keys, `${language}: ${code}`).toContain(code);
      }
    }
  });

  it('use the SPEC 8 wording for the sign-in errors', () => {
    expect(resources.fr.errors.INVALID_CREDENTIALS).toBe('Email ou mot de passe incorrect');
    expect(resources.en.errors.INVALID_CREDENTIALS).toBe('Incorrect email or password');
    expect(resources.fr.errors.NOT_ADMIN).toBe("Vous n'avez pas les droits d'administrateur");
    expect(resources.en.errors.NOT_ADMIN).toBe('You do not have administrator rights');
  });

  it('write French with its no-break spaces, so that a sign never starts a line', () => {
    // Before : ; ! ? % and inside « », a space a line may break at left '100' / '%' or '«' / 'Mon
    // Suivi »' on a phone. A no-break space (U+00A0) before ':' and inside guillemets, a narrow one
    // (U+202F, as Intl writes '50 %') before ; ! ? and %.
    const breakable = / [:;!?%»]|« /;
    for (const [namespace, tree] of Object.entries(resources.fr)) {
      for (const key of flatten(tree as Tree)) {
        // Lists (the assistant's prompts) flatten to their items' indexes too.
        const text = String(key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree));
        expect(breakable.test(text), `fr/${namespace}:${key}: ${text}`).toBe(false);
      }
    }
  });

  it('keep no empty translation', () => {
    for (const language of LANGUAGES) {
      for (const [namespace, tree] of Object.entries(resources[language])) {
        const check = (node: Tree, path: string) => {
          for (const [key, value] of Object.entries(node)) {
            if (typeof value === 'string')
              expect(value.trim(), `${language}/${namespace}:${path}${key}`).not.toBe('');
            else check(value, `${path}${key}.`);
          }
        };
        check(tree as Tree, '');
      }
    }
  });
});
