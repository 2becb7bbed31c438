// The server runs through tsx from the repository root, where no tsconfig sets the JSX runtime.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language, UserEmailTemplate } from '@cursus/contracts';
import { render } from '@react-email/render';
import {
  type EmailData,
  type EmailTemplate,
  systemContent,
  type UserEmailData,
  userContent,
} from './copy.ts';
import { type EmailContent, EmailDocument, type EmailFooter } from './layout.tsx';

export type { EmailData, EmailTemplate, UserEmailData } from './copy.ts';
export { KIND_LABELS } from './copy.ts';
export type { EmailFooter } from './layout.tsx';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

async function renderDocument(
  language: Language,
  content: EmailContent,
  footer: EmailFooter,
): Promise<RenderedEmail> {
  const document = <EmailDocument language={language} content={content} footer={footer} />;
  const [html, text] = await Promise.all([render(document), render(document, { plainText: true })]);
  return { subject: `Cursus – ${content.subject}`, text, html };
}

/** An account or invitation email: the shared layout, without an unsubscribe link. */
export function renderEmail(
  template: EmailTemplate,
  language: Language,
  data: EmailData,
  footer: EmailFooter,
): Promise<RenderedEmail> {
  return renderDocument(language, systemContent(template, language, data), footer);
}

/** An email a person can turn off: its footer carries the unsubscribe link. */
export function renderUserEmail<T extends UserEmailTemplate>(input: {
  template: T;
  language: Language;
  data: UserEmailData[T];
  name: string;
  appUrl: string;
  footer: EmailFooter;
}): Promise<RenderedEmail> {
  const { template, language, data, name, appUrl, footer } = input;
  const link = (path: string) => new URL(path, appUrl).toString();
  return renderDocument(language, userContent(template, data, { language, name, link }), footer);
}
