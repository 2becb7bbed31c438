import { describe, expect, it } from 'vitest';
import { parseRecipientLine, readRecipients } from './positioning.recipients.ts';

describe('positioning recipients', () => {
  it('reads an address alone, with a name, or as a spreadsheet row', () => {
    expect(parseRecipientLine('  Anne.Martin@Exemple.fr ')).toEqual({
      email: 'anne.martin@exemple.fr',
      name: null,
    });
    expect(parseRecipientLine('Anne Martin <anne@exemple.fr>')).toEqual({
      email: 'anne@exemple.fr',
      name: 'Anne Martin',
    });
    expect(parseRecipientLine('Martin;Anne;anne@exemple.fr;06 01 02 03 04')).toEqual({
      email: 'anne@exemple.fr',
      name: 'Anne Martin',
    });
    expect(parseRecipientLine('Martin;Anne;anne@exemple.fr')).toEqual({
      email: 'anne@exemple.fr',
      name: 'Anne Martin',
    });
    expect(parseRecipientLine('"Durand, Paul" <paul@exemple.fr>')).toEqual({
      email: 'paul@exemple.fr',
      name: 'Paul Durand',
    });
  });

  it('refuses a line without a valid address', () => {
    expect(parseRecipientLine('nom;prénom;email')).toEqual({ email: null, name: null });
    expect(parseRecipientLine('anne@')).toEqual({ email: null, name: null });
    expect(parseRecipientLine('a@b')).toEqual({ email: null, name: null });
  });

  it('gives every line its outcome: empty, invalid, duplicate, to send', () => {
    const { recipients, results } = readRecipients([
      'anne@exemple.fr',
      '',
      'pas une adresse',
      'ANNE@exemple.fr',
      'paul@exemple.fr',
    ]);
    expect(results.map((result) => result.status)).toEqual(['sent', 'empty', 'invalid', 'duplicate', 'sent']);
    expect(recipients.map((recipient) => [recipient.line, recipient.email])).toEqual([
      [1, 'anne@exemple.fr'],
      [5, 'paul@exemple.fr'],
    ]);
  });
});
