import {
  type CreateLessonInput,
  DEFAULT_LESSON_MINUTES,
  type Lesson,
  type LessonContent,
  LessonContentInputSchema,
  type LessonType,
  LessonTypeSchema,
  MAX_LESSON_MINUTES,
  parseVideoUrl,
  TEXT_LESSON_MAX_LENGTH,
} from '@cursus/contracts';
import { z } from 'zod';

/** An uploaded file as a lesson names it. */
export type LessonFileRef = Extract<LessonContent, { type: 'document' }>['file'];

const FileRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  url: z.string(),
});

/**
 * One form for every lesson type: each type keeps its own fields, so switching the type back and
 * forth loses nothing until the lesson is saved. Only the chosen type's content is checked and sent.
 */
export const LessonFormSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    estimatedMinutes: z.string().trim(),
    type: LessonTypeSchema,
    html: z.string(),
    videoSource: z.enum(['upload', 'embed']),
    videoUrl: z.string().trim(),
    videoFile: FileRefSchema.nullable(),
    documentFile: FileRefSchema.nullable(),
    linkUrl: z.string().trim(),
  })
  .superRefine((values, context) => {
    const fail = (path: keyof typeof values, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (values.estimatedMinutes === '') fail('estimatedMinutes', 'validation.required');
    else if (!/^\d+$/.test(values.estimatedMinutes) || Number(values.estimatedMinutes) > MAX_LESSON_MINUTES)
      fail('estimatedMinutes', 'validation.invalidNumber');
    switch (values.type) {
      case 'text':
        if (values.html.length > TEXT_LESSON_MAX_LENGTH)
          fail('html', `validation.tooLong|${TEXT_LESSON_MAX_LENGTH}`);
        break;
      case 'video':
        if (values.videoSource === 'upload' && !values.videoFile)
          fail('videoFile', 'validation.fileRequired');
        if (values.videoSource === 'embed') {
          if (!values.videoUrl) fail('videoUrl', 'validation.required');
          else if (!parseVideoUrl(values.videoUrl)) fail('videoUrl', 'validation.unsupportedVideoUrl');
        }
        break;
      case 'document':
        if (!values.documentFile) fail('documentFile', 'validation.fileRequired');
        break;
      case 'link':
        if (!values.linkUrl) fail('linkUrl', 'validation.required');
        else if (!LessonContentInputSchema.safeParse({ type: 'link', url: values.linkUrl }).success)
          fail('linkUrl', 'validation.httpsUrl');
        break;
    }
  })
  .transform((values): CreateLessonInput => {
    const base = { title: values.title, estimatedMinutes: Number(values.estimatedMinutes) };
    switch (values.type) {
      case 'text':
        return { ...base, content: { type: 'text', html: values.html } };
      case 'video':
        return values.videoSource === 'upload'
          ? { ...base, content: { type: 'video', source: 'upload', fileId: values.videoFile!.id } }
          : { ...base, content: { type: 'video', source: 'embed', url: values.videoUrl } };
      case 'document':
        return { ...base, content: { type: 'document', fileId: values.documentFile!.id } };
      case 'link':
        return { ...base, content: { type: 'link', url: values.linkUrl } };
    }
  });

export type LessonFormValues = z.input<typeof LessonFormSchema>;
export type LessonFormField = keyof LessonFormValues;

export function newLessonValues(type: LessonType = 'text'): LessonFormValues {
  return {
    title: '',
    estimatedMinutes: String(DEFAULT_LESSON_MINUTES),
    type,
    html: '',
    videoSource: 'upload',
    videoUrl: '',
    videoFile: null,
    documentFile: null,
    linkUrl: '',
  };
}

/** A saved lesson back into the form. */
export function toLessonValues(lesson: Lesson): LessonFormValues {
  const values: LessonFormValues = {
    ...newLessonValues(lesson.type),
    title: lesson.title,
    estimatedMinutes: String(lesson.estimatedMinutes),
  };
  const { content } = lesson;
  switch (content.type) {
    case 'text':
      return { ...values, html: content.html };
    case 'video':
      return content.source === 'upload'
        ? { ...values, videoSource: 'upload', videoFile: content.file }
        : { ...values, videoSource: 'embed', videoUrl: content.url };
    case 'document':
      return { ...values, documentFile: content.file };
    case 'link':
      return { ...values, linkUrl: content.url };
  }
}

/**
 * Where an error the server reports on a lesson belongs in the form (`content.url` is the video's
 * or the link's, by type), with the wording for it; null when no field fits.
 */
export function toLessonFieldError(
  path: string,
  message: string,
  values: Pick<LessonFormValues, 'type'>,
): { field: LessonFormField; message: string } | null {
  if (path === 'title' || path === 'estimatedMinutes') return { field: path, message };
  if (path === 'content.html') return { field: 'html', message };
  if (path === 'content.url') {
    if (values.type === 'video')
      return {
        field: 'videoUrl',
        message: message === 'UNSUPPORTED_FORMAT' ? 'validation.unsupportedVideoUrl' : message,
      };
    return { field: 'linkUrl', message: 'validation.httpsUrl' };
  }
  if (path === 'content.fileId')
    return { field: values.type === 'document' ? 'documentFile' : 'videoFile', message };
  return null;
}
