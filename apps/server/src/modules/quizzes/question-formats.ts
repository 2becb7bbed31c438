/**
 * Questions in and out of the text formats trainers already keep their banks in: Moodle's GIFT and
 * Aiken, and a spreadsheet (CSV). Pure functions: the service validates and saves what they read.
 * The CSV header is `type;question;points;answers;correct` (see the contract for the columns).
 */
import { QUESTION_TYPES, type QuestionFormat, type QuestionType, questionProblem } from '@cursus/contracts';

export interface ParsedQuestion {
  type: QuestionType;
  text: string;
  options: { id: string; text: string; isCorrect: boolean }[];
  acceptedAnswers: string[];
  explanation: string;
  points: number;
}

export interface ParseOutcome {
  questions: ParsedQuestion[];
  errors: { line: number; reason: string }[];
}

/**
 * Why a block is rejected: one of these or a `questionProblem` message, translated by the client
 * (quizzes:import.reasons.*).
 */
type ImportRejection = 'UNSUPPORTED_QUESTION' | 'NO_ANSWERS' | 'BAD_ANSWER_LINE';

const LETTERS = 'abcdefghij';
const optionsOf = (items: { text: string; isCorrect: boolean }[]) =>
  items.map((item, index) => ({ id: LETTERS[index] ?? `o${index}`, ...item }));

/** One text block with the line it starts on. */
function blocksOf(content: string, isSeparator: (line: string) => boolean) {
  const blocks: { line: number; lines: string[] }[] = [];
  let current: { line: number; lines: string[] } | null = null;
  content
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((line, index) => {
      if (isSeparator(line)) {
        current = null;
        return;
      }
      if (!current) {
        current = { line: index + 1, lines: [] };
        blocks.push(current);
      }
      current.lines.push(line);
    });
  return blocks;
}

function checked(question: ParsedQuestion, line: number, outcome: ParseOutcome) {
  if (question.text === '' || question.options.some((option) => option.text === '')) {
    outcome.errors.push({ line, reason: 'EMPTY_TEXT' });
    return;
  }
  if (question.text.length > 2000 || question.options.some((option) => option.text.length > 500)) {
    outcome.errors.push({ line, reason: 'TEXT_TOO_LONG' });
    return;
  }
  const problem = questionProblem(question);
  if (problem) outcome.errors.push({ line, reason: problem.message });
  else outcome.questions.push(question);
}

// ---------------------------------------------------------------------------------------------
// GIFT
// ---------------------------------------------------------------------------------------------

const unescapeGift = (value: string) =>
  value
    .replace(/\\([~=#{}:\\])/g, '$1')
    .replace(/\\n/g, '\n')
    .trim();

/** Splits at unescaped occurrences of any of `marks`, keeping each mark at the start of its part. */
function splitUnescaped(value: string, marks: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    if (char === '\\' && index + 1 < value.length) {
      current += char + value[index + 1];
      index += 1;
    } else if (marks.includes(char)) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  parts.push(current);
  return parts;
}

function indexOfUnescaped(value: string, char: string, from = 0): number {
  for (let index = from; index < value.length; index += 1) {
    if (value[index] === '\\') index += 1;
    else if (value[index] === char) return index;
  }
  return -1;
}

function parseGiftBlock(block: string): ParsedQuestion | ImportRejection {
  let body = block.trim();
  const title = /^::(.*?)::/s.exec(body);
  if (title) body = body.slice(title[0].length).trim();
  body = body.replace(/^\[(html|moodle|plain|markdown)\]/i, '');
  const open = indexOfUnescaped(body, '{');
  const close = open >= 0 ? indexOfUnescaped(body, '}', open) : -1;
  if (open < 0 || close < 0) return 'NO_ANSWERS';
  const after = body.slice(close + 1).trim();
  const questionText = unescapeGift(body.slice(0, open) + (after ? ` _____ ${after}` : ''));
  const [answerPart = '', generalFeedback = ''] = body
    .slice(open + 1, close)
    .split(/(?<!\\)####/)
    .map((part) => part.trim());
  const base = { text: questionText, explanation: unescapeGift(generalFeedback), points: 1 };
  const trueFalse = /^(T|TRUE|F|FALSE)\s*(#.*)?$/is.exec(answerPart);
  if (trueFalse) {
    const isTrue = trueFalse[1]!.toUpperCase().startsWith('T');
    return {
      ...base,
      type: 'true_false',
      options: [
        { id: 'true', text: 'true', isCorrect: isTrue },
        { id: 'false', text: 'false', isCorrect: !isTrue },
      ],
      acceptedAnswers: [],
    };
  }
  if (answerPart === '' || answerPart.startsWith('#') || /(?<!\\)->/.test(answerPart))
    return 'UNSUPPORTED_QUESTION';
  const answers = splitUnescaped(answerPart, '=~')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const mark = part[0];
      let rest = part.slice(1).trim();
      const weight = /^%(-?\d+(?:\.\d+)?)%/.exec(rest);
      if (weight) rest = rest.slice(weight[0].length);
      const feedback = indexOfUnescaped(rest, '#');
      const answerText = unescapeGift(feedback >= 0 ? rest.slice(0, feedback) : rest);
      const isCorrect = mark === '=' || (weight !== null && Number(weight[1]) > 0);
      return { mark, text: answerText, isCorrect };
    });
  if (answers.some((answer) => answer.mark !== '=' && answer.mark !== '~')) return 'BAD_ANSWER_LINE';
  if (answers.length === 0) return 'NO_ANSWERS';
  if (answers.every((answer) => answer.mark === '=')) {
    return {
      ...base,
      type: 'short_answer',
      options: [],
      acceptedAnswers: answers.map((answer) => answer.text),
    };
  }
  const correctCount = answers.filter((answer) => answer.isCorrect).length;
  return {
    ...base,
    type: correctCount > 1 ? 'multiple_choice' : 'single_choice',
    options: optionsOf(answers.map(({ text, isCorrect }) => ({ text, isCorrect }))),
    acceptedAnswers: [],
  };
}

function parseGift(content: string): ParseOutcome {
  const outcome: ParseOutcome = { questions: [], errors: [] };
  const withoutComments = content
    .split(/\r\n|\r|\n/)
    .map((line) => (/^\s*\/\//.test(line) || /^\s*\$CATEGORY:/i.test(line) ? '' : line))
    .join('\n');
  for (const block of blocksOf(withoutComments, (line) => line.trim() === '')) {
    const parsed = parseGiftBlock(block.lines.join('\n'));
    if (typeof parsed === 'string') outcome.errors.push({ line: block.line, reason: parsed });
    else checked(parsed, block.line, outcome);
  }
  return outcome;
}

const escapeGift = (value: string) => value.replace(/([~=#{}:\\])/g, '\\$1').replace(/\n/g, '\\n');

function toGift(question: ParsedQuestion): string {
  const feedback = question.explanation ? ` ####${escapeGift(question.explanation)}` : '';
  let answers: string;
  if (question.type === 'true_false') {
    answers = question.options.find((option) => option.id === 'true')?.isCorrect ? 'TRUE' : 'FALSE';
  } else if (question.type === 'short_answer') {
    answers = question.acceptedAnswers.map((answer) => `=${escapeGift(answer)}`).join(' ');
  } else if (question.type === 'multiple_choice') {
    const correct = question.options.filter((option) => option.isCorrect).length;
    // Moodle's weights must add up to 100 % for the right answers.
    const share = Math.floor(100 / Math.max(correct, 1));
    answers = question.options
      .map((option) => `~%${option.isCorrect ? share : -100}%${escapeGift(option.text)}`)
      .join(' ');
  } else {
    answers = question.options
      .map((option) => `${option.isCorrect ? '=' : '~'}${escapeGift(option.text)}`)
      .join(' ');
  }
  return `${escapeGift(question.text)} {${answers}${feedback}}`;
}

// ---------------------------------------------------------------------------------------------
// Aiken (single choice only)
// ---------------------------------------------------------------------------------------------

function parseAiken(content: string): ParseOutcome {
  const outcome: ParseOutcome = { questions: [], errors: [] };
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let start = 0;
  let textLines: string[] = [];
  let options: { letter: string; text: string }[] = [];
  const reset = () => {
    textLines = [];
    options = [];
  };
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') {
      if (textLines.length > 0 && options.length === 0) textLines.push('');
      return;
    }
    if (textLines.length === 0 && options.length === 0) start = index + 1;
    const option = /^([A-Z])[.)]\s+(.*)$/.exec(line);
    const answer = /^ANSWER\s*:\s*([A-Z])\s*$/i.exec(line);
    if (answer) {
      const letter = answer[1]!.toUpperCase();
      if (textLines.length === 0 || options.length === 0 || !options.some((item) => item.letter === letter))
        outcome.errors.push({ line: index + 1, reason: 'BAD_ANSWER_LINE' });
      else
        checked(
          {
            type: 'single_choice',
            text: textLines.join('\n').trim(),
            options: optionsOf(
              options.map((item) => ({ text: item.text, isCorrect: item.letter === letter })),
            ),
            acceptedAnswers: [],
            explanation: '',
            points: 1,
          },
          start,
          outcome,
        );
      reset();
    } else if (option && textLines.length > 0) {
      options.push({ letter: option[1]!, text: option[2]!.trim() });
    } else if (options.length === 0) {
      textLines.push(line);
    } else {
      outcome.errors.push({ line: index + 1, reason: 'BAD_ANSWER_LINE' });
      reset();
    }
  });
  if (textLines.length > 0 || options.length > 0) outcome.errors.push({ line: start, reason: 'NO_ANSWERS' });
  return outcome;
}

function toAiken(question: ParsedQuestion): string | null {
  if (question.type !== 'single_choice') return null;
  const letters = question.options.map((_, index) => String.fromCharCode(65 + index));
  const correct = question.options.findIndex((option) => option.isCorrect);
  return [
    question.text.replace(/\n+/g, ' '),
    ...question.options.map((option, index) => `${letters[index]}) ${option.text.replace(/\n+/g, ' ')}`),
    `ANSWER: ${letters[correct]}`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------

const CSV_HEADER = ['type', 'question', 'points', 'answers', 'correct'] as const;

/** RFC 4180 rows: quoted fields may hold the separator, quotes (doubled) and line breaks. */
function csvRows(content: string, separator: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let index = 0; index < content.length; index += 1) {
    const char = content[index]!;
    if (quoted) {
      if (char === '"' && content[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && content[index + 1] === '\n') index += 1;
      cells.push(cell);
      if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line += 1;
      rowLine = line;
    } else cell += char;
  }
  cells.push(cell);
  if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells });
  return rows;
}

const TYPE_WORDS: Record<string, QuestionType> = {
  ...Object.fromEntries(QUESTION_TYPES.map((type) => [type, type])),
  qcu: 'single_choice',
  qcm: 'multiple_choice',
  'vrai/faux': 'true_false',
  vf: 'true_false',
  courte: 'short_answer',
};

function parseCsv(content: string): ParseOutcome {
  const outcome: ParseOutcome = { questions: [], errors: [] };
  const text = content.replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const separator = firstLine.split(';').length >= firstLine.split(',').length ? ';' : ',';
  const [header, ...rows] = csvRows(text, separator);
  const columns = header?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  if (!CSV_HEADER.every((name) => columns.includes(name))) {
    outcome.errors.push({ line: 1, reason: 'BAD_HEADER' });
    return outcome;
  }
  const at = (cells: string[], name: (typeof CSV_HEADER)[number]) =>
    (cells[columns.indexOf(name)] ?? '').trim();
  for (const { line, cells } of rows) {
    const type = TYPE_WORDS[at(cells, 'type').toLowerCase()];
    if (!type) {
      outcome.errors.push({ line, reason: 'BAD_TYPE' });
      continue;
    }
    const points = Number(at(cells, 'points') || '1');
    const answers = at(cells, 'answers')
      .split('|')
      .map((answer) => answer.trim())
      .filter(Boolean);
    const correct = at(cells, 'correct')
      .split('|')
      .map((value) => value.trim())
      .filter(Boolean);
    const base = {
      type,
      text: at(cells, 'question'),
      explanation: '',
      points: Number.isInteger(points) && points >= 0 && points <= 100 ? points : 1,
    };
    if (type === 'short_answer') {
      checked({ ...base, options: [], acceptedAnswers: [...answers, ...correct] }, line, outcome);
    } else if (type === 'true_false') {
      const isTrue = /^(true|vrai|v|t|1)$/i.test(correct[0] ?? '');
      checked(
        {
          ...base,
          options: [
            { id: 'true', text: 'true', isCorrect: isTrue },
            { id: 'false', text: 'false', isCorrect: !isTrue },
          ],
          acceptedAnswers: [],
        },
        line,
        outcome,
      );
    } else {
      const numbers = new Set(correct.map(Number));
      checked(
        {
          ...base,
          options: optionsOf(
            answers.map((answer, index) => ({ text: answer, isCorrect: numbers.has(index + 1) })),
          ),
          acceptedAnswers: [],
        },
        line,
        outcome,
      );
    }
  }
  return outcome;
}

const csvCell = (value: string) => (/[;"\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

function toCsvRow(question: ParsedQuestion): string {
  let answers = '';
  let correct = '';
  if (question.type === 'short_answer') answers = question.acceptedAnswers.join('|');
  else if (question.type === 'true_false')
    correct = question.options.find((option) => option.id === 'true')?.isCorrect ? 'true' : 'false';
  else {
    answers = question.options.map((option) => option.text).join('|');
    correct = question.options
      .flatMap((option, index) => (option.isCorrect ? [String(index + 1)] : []))
      .join('|');
  }
  return [question.type, question.text, String(question.points), answers, correct].map(csvCell).join(';');
}

// ---------------------------------------------------------------------------------------------

/** Reads `content` in `format`: the questions it holds and, for each block it refused, why. */
export function parseQuestions(format: QuestionFormat, content: string): ParseOutcome {
  if (format === 'gift') return parseGift(content);
  if (format === 'aiken') return parseAiken(content);
  return parseCsv(content);
}

/** Writes questions in `format`; those the format cannot hold (Aiken: all but single choice) are counted. */
export function formatQuestions(
  format: QuestionFormat,
  questions: ParsedQuestion[],
): { content: string; exportedCount: number; skippedCount: number } {
  if (format === 'csv') {
    // A BOM, so French Excel opens the UTF-8 file with its accents.
    const content = `\uFEFF${[CSV_HEADER.join(';'), ...questions.map(toCsvRow)].join('\r\n')}\r\n`;
    return { content, exportedCount: questions.length, skippedCount: 0 };
  }
  const written = questions.map(format === 'gift' ? toGift : toAiken).filter((block) => block !== null);
  return {
    content: `${written.join('\n\n')}\n`,
    exportedCount: written.length,
    skippedCount: questions.length - written.length,
  };
}
