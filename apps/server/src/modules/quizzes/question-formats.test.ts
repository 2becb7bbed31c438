import { describe, expect, it } from 'vitest';
import { formatQuestions, parseQuestions } from './question-formats.ts';

const GIFT = `// Banque Excel
$CATEGORY: Excel/Formules

::Q1:: Par quel caractère commence une formule ? {=\\= ~+ ~\\#}

Une référence absolue s'écrit $B$2. {T}

Quelles fonctions calculent sur une plage ? {~%50%SOMME ~%50%MOYENNE ~%-100%CONCATENER}

Quelle fonction teste une condition ? {=SI =IF #bravo}

Associez les paires. {=a -> 1 =b -> 2}
`;

describe('GIFT', () => {
  it('reads single and multiple choice, true/false and short answers, and reports what it cannot', () => {
    const { questions, errors } = parseQuestions('gift', GIFT);
    expect(questions.map((question) => question.type)).toEqual([
      'single_choice',
      'true_false',
      'multiple_choice',
      'short_answer',
    ]);
    expect(questions[0]).toMatchObject({
      text: 'Par quel caractère commence une formule ?',
      options: [
        { text: '=', isCorrect: true },
        { text: '+', isCorrect: false },
        { text: '#', isCorrect: false },
      ],
    });
    expect(questions[1]!.options.find((option) => option.id === 'true')?.isCorrect).toBe(true);
    expect(questions[2]!.options.filter((option) => option.isCorrect).map((option) => option.text)).toEqual([
      'SOMME',
      'MOYENNE',
    ]);
    expect(questions[3]!.acceptedAnswers).toEqual(['SI', 'IF']);
    expect(errors).toEqual([{ line: 12, reason: 'UNSUPPORTED_QUESTION' }]);
  });

  it('writes what it reads back', () => {
    const { questions } = parseQuestions('gift', GIFT);
    const written = formatQuestions('gift', questions);
    const again = parseQuestions('gift', written.content);
    expect(again.errors).toEqual([]);
    expect(
      again.questions.map(({ type, text, acceptedAnswers }) => ({ type, text, acceptedAnswers })),
    ).toEqual(questions.map(({ type, text, acceptedAnswers }) => ({ type, text, acceptedAnswers })));
  });
});

describe('Aiken', () => {
  it('reads single choice questions and rejects an answer naming no option', () => {
    const { questions, errors } = parseQuestions(
      'aiken',
      'Quel graphique montre une évolution ?\nA) Une courbe\nB) Des secteurs\nANSWER: A\n\nMauvaise question\nA. Oui\nB. Non\nANSWER: C\n',
    );
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({
      type: 'single_choice',
      options: [{ isCorrect: true }, { isCorrect: false }],
    });
    expect(errors).toEqual([{ line: 9, reason: 'BAD_ANSWER_LINE' }]);
  });

  it('exports single choice questions only, counting the others', () => {
    const { questions } = parseQuestions('gift', GIFT);
    const written = formatQuestions('aiken', questions);
    expect(written).toMatchObject({ exportedCount: 1, skippedCount: 3 });
    expect(written.content).toContain('ANSWER: A');
  });
});

describe('CSV', () => {
  it('reads the French spreadsheet layout, quotes included, and round-trips', () => {
    const csv =
      '\uFEFFtype;question;points;answers;correct\n' +
      'qcm;"Fonctions ; sur une plage";2;SOMME|MOYENNE|CONCATENER;1|2\n' +
      'vrai/faux;$B$2 est absolue;1;;vrai\n' +
      'short_answer;Fonction conditionnelle;1;SI;\n' +
      'inconnu;Question;1;;\n';
    const { questions, errors } = parseQuestions('csv', csv);
    expect(questions.map((question) => question.type)).toEqual([
      'multiple_choice',
      'true_false',
      'short_answer',
    ]);
    expect(questions[0]).toMatchObject({ text: 'Fonctions ; sur une plage', points: 2 });
    expect(errors).toEqual([{ line: 5, reason: 'BAD_TYPE' }]);
    const again = parseQuestions('csv', formatQuestions('csv', questions).content);
    expect(again.questions).toEqual(questions);
  });

  it('refuses a file without the expected header', () => {
    expect(parseQuestions('csv', 'a;b\n1;2').errors).toEqual([{ line: 1, reason: 'BAD_HEADER' }]);
  });
});
