import { cn } from '@/lib/cn';

/**
 * How a text lesson's HTML looks, in the editor and for learners alike: the server allows headings,
 * paragraphs, lists, quotes, code, links, emphasis and images of our own files (sanitize-lesson-html).
 */
export const LESSON_HTML_CLASS = cn(
  'max-w-none text-sm leading-relaxed break-words text-foreground sm:text-base',
  '[&_h1]:mt-6 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-semibold',
  '[&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_h4]:mt-3 [&_h4]:mb-1 [&_h4]:font-semibold',
  '[&_p]:my-2 [&_hr]:my-4 [&_hr]:border-border',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-0.5',
  '[&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
  '[&_a]:text-link [&_a]:underline [&_a]:underline-offset-2',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em]',
  '[&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md',
  '[&_mark]:bg-warning-surface [&_mark]:text-warning-foreground',
);
