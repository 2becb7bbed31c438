import { describe, expect, it } from 'vitest';
import { getQuestionContext } from './question-context';

const COURSE = '0b7d4a3e-5b1f-4f6e-9c1d-2a3b4c5d6e7f';
const MODULE = '1c8e5b4f-6c2a-4a7f-8d2e-3b4c5d6e7f80';
const LESSON = '2d9f6c5a-7d3b-4b8a-9e3f-4c5d6e7f8091';

describe('getQuestionContext', () => {
  it('reads the formation and lesson of both lesson addresses', () => {
    expect(getQuestionContext(`/formations/${COURSE}/module/${MODULE}/lesson/${LESSON}`)).toEqual({
      courseId: COURSE,
      lessonId: LESSON,
    });
    expect(getQuestionContext(`/lesson/${COURSE}/${LESSON}`)).toEqual({ courseId: COURSE, lessonId: LESSON });
  });

  it('reads the formation alone on a formation page, nothing elsewhere', () => {
    expect(getQuestionContext(`/formations/${COURSE}`)).toEqual({ courseId: COURSE, lessonId: null });
    expect(getQuestionContext('/formations')).toBeNull();
    expect(getQuestionContext('/dashboard')).toBeNull();
    expect(getQuestionContext('/lesson/not-an-id/also-not')).toBeNull();
  });
});
