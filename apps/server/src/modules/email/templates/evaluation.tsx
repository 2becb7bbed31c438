// The server runs through tsx from the repository root, where no tsconfig sets the JSX runtime.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@cursus/contracts';
import { render } from '@react-email/render';
import { type EmailContent, EmailDocument } from './layout.tsx';
import type { RenderedEmail } from './render.tsx';

/**
 * A questionnaire's invitation and its reminders (issue 16 point 5). They cannot be turned off: the
 * organisation must ask (Qualiopi indicator 30), and a reminder stops as soon as the person answers.
 */
export type EvaluationEmailKind = 'evaluation-invitation' | 'evaluation-reminder';

export interface EvaluationEmailData {
  /** Empty when the trainer gave an address without a name. */
  name: string;
  organization: string;
  title: string;
  course: string | null;
  url: string;
}

const COPY: Record<
  EvaluationEmailKind,
  Record<Language, (data: EvaluationEmailData) => Omit<EmailContent, 'action'> & { action: string }>
> = {
  'evaluation-invitation': {
    fr: (data) => ({
      subject: `Votre avis : ${data.title}`,
      preview: `${data.organization} aimerait connaître votre avis.`,
      greeting: data.name ? `Bonjour ${data.name},` : 'Bonjour,',
      paragraphs: [
        data.course
          ? `${data.organization} vous invite à répondre au questionnaire « ${data.title} » sur la formation « ${data.course} ».`
          : `${data.organization} vous invite à répondre au questionnaire « ${data.title} ».`,
        'Vos réponses nous aident à améliorer nos formations. Cela prend quelques minutes.',
      ],
      action: 'Répondre au questionnaire',
      closing: ['Ce lien personnel ne sert qu’une fois. Si vous n’attendiez pas ce message, ignorez-le.'],
    }),
    en: (data) => ({
      subject: `Your opinion: ${data.title}`,
      preview: `${data.organization} would like your opinion.`,
      greeting: data.name ? `Hello ${data.name},` : 'Hello,',
      paragraphs: [
        data.course
          ? `${data.organization} invites you to answer the questionnaire "${data.title}" about the course "${data.course}".`
          : `${data.organization} invites you to answer the questionnaire "${data.title}".`,
        'Your answers help us improve our courses. It takes a few minutes.',
      ],
      action: 'Answer the questionnaire',
      closing: ['This personal link works once. If you did not expect this message, ignore it.'],
    }),
  },
  'evaluation-reminder': {
    fr: (data) => ({
      subject: `Rappel : ${data.title}`,
      preview: 'Votre avis compte : il reste quelques minutes pour répondre.',
      greeting: data.name ? `Bonjour ${data.name},` : 'Bonjour,',
      paragraphs: [
        `Vous n’avez pas encore répondu au questionnaire « ${data.title} » de ${data.organization}.`,
        'Votre avis compte : quelques minutes suffisent.',
      ],
      action: 'Répondre au questionnaire',
      closing: ['Ce lien personnel ne sert qu’une fois.'],
    }),
    en: (data) => ({
      subject: `Reminder: ${data.title}`,
      preview: 'Your opinion matters: a few minutes are enough.',
      greeting: data.name ? `Hello ${data.name},` : 'Hello,',
      paragraphs: [
        `You have not answered the questionnaire "${data.title}" from ${data.organization} yet.`,
        'Your opinion matters: a few minutes are enough.',
      ],
      action: 'Answer the questionnaire',
      closing: ['This personal link works once.'],
    }),
  },
};

export async function renderEvaluationEmail(input: {
  kind: EvaluationEmailKind;
  language: Language;
  data: EvaluationEmailData;
  supportEmail: string;
}): Promise<RenderedEmail> {
  const { action, ...copy } = COPY[input.kind][input.language](input.data);
  const content: EmailContent = { ...copy, action: { label: action, url: input.data.url } };
  const document = (
    <EmailDocument
      language={input.language}
      content={content}
      footer={{ organization: input.data.organization, supportEmail: input.supportEmail }}
    />
  );
  const [html, text] = await Promise.all([render(document), render(document, { plainText: true })]);
  return { subject: `Cursus – ${content.subject}`, text, html };
}
