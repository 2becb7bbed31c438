import {
  COURSE_MODALITIES,
  type Course,
  CreateCourseInputSchema,
  DEFAULT_COURSE_CATEGORY,
  type Language,
} from '@cursus/contracts';
import { z } from 'zod';
import { formatDecimalInput, parseDecimal } from './format';

/** Highest price a sheet accepts, in euros (the contract's 100 000 000 cents). */
const MAX_PRICE_EUROS = 1_000_000;
const MAX_DURATION_HOURS = 10_000;

// The contract's own bounds for the long texts, so both sides refuse the same thing.
const longText = CreateCourseInputSchema.shape.description.unwrap();

/** A number typed with a comma or a point, optional: '' means none. */
function optionalDecimal(max: number) {
  return z
    .string()
    .trim()
    .refine((value) => {
      if (value === '') return true;
      const parsed = parseDecimal(value);
      return parsed !== null && parsed <= max;
    }, 'validation.invalidNumber')
    .transform((value) => (value === '' ? null : parseDecimal(value)));
}

/** A day typed in a date input, optional: '' means none. */
const optionalDay = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), 'validation.invalidDate')
  .transform((value) => value || null);

/**
 * The programme sheet as a form holds it (text in every input) and what it sends: SPEC 5's
 * required title with its own message, the price typed in euros and sent in cents.
 */
export const CourseSheetFormSchema = z
  .object({
    title: z.string().trim().min(1, 'validation.formationTitleRequired').max(200),
    category: z.string().trim().max(100),
    description: longText,
    objectives: longText,
    prerequisites: longText,
    audience: longText,
    durationHours: optionalDecimal(MAX_DURATION_HOURS),
    modality: z.enum(['', ...COURSE_MODALITIES]).transform((value) => (value === '' ? null : value)),
    teachingMethods: longText,
    assessmentMethods: longText,
    accessibility: longText,
    price: optionalDecimal(MAX_PRICE_EUROS),
    // The formation's first and last days, shown on the planning.
    startsOn: optionalDay,
    endsOn: optionalDay,
  })
  .refine(({ startsOn, endsOn }) => !startsOn || !endsOn || startsOn <= endsOn, {
    message: 'validation.invalidDate',
    path: ['endsOn'],
  })
  .transform(({ price, category, ...fields }) => ({
    ...fields,
    // SPEC 3: an empty category is the default one.
    category: category || DEFAULT_COURSE_CATEGORY,
    priceCents: price === null ? null : Math.round(price * 100),
  }));

export type CourseSheetFormValues = z.input<typeof CourseSheetFormSchema>;
export type CourseSheetFormOutput = z.output<typeof CourseSheetFormSchema>;

export const EMPTY_COURSE_SHEET: CourseSheetFormValues = {
  title: '',
  category: DEFAULT_COURSE_CATEGORY,
  description: '',
  objectives: '',
  prerequisites: '',
  audience: '',
  durationHours: '',
  modality: '',
  teachingMethods: '',
  assessmentMethods: '',
  accessibility: '',
  price: '',
  startsOn: '',
  endsOn: '',
};

/** A saved formation back into the form, numbers written the way the language writes them. */
export function toCourseSheetValues(course: Course, language: Language): CourseSheetFormValues {
  return {
    title: course.title,
    category: course.category,
    description: course.description,
    objectives: course.objectives,
    prerequisites: course.prerequisites,
    audience: course.audience,
    durationHours: course.durationHours === null ? '' : formatDecimalInput(course.durationHours, language),
    modality: course.modality ?? '',
    teachingMethods: course.teachingMethods,
    assessmentMethods: course.assessmentMethods,
    accessibility: course.accessibility,
    price: course.priceCents === null ? '' : formatDecimalInput(course.priceCents / 100, language),
    startsOn: course.startsOn ?? '',
    endsOn: course.endsOn ?? '',
  };
}
