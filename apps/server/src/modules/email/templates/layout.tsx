// The server runs through tsx from the repository root, where no tsconfig sets the JSX runtime.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@cursus/contracts';
import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';

/** What a template says; the layout gives every email the same frame. */
export interface EmailContent {
  subject: string;
  /** The line mail clients show after the subject. */
  preview: string;
  greeting?: string;
  paragraphs: string[];
  /** A person's words quoted (a question, a reply), already cut to its limit. */
  quote?: string;
  /** Short facts shown as a list: a date, a duration, formations and their progress. */
  details?: string[];
  action: { label: string; url: string };
  closing?: string[];
}

/** Who sends it and, for the emails a person can turn off, how to stop them. */
export interface EmailFooter {
  organization: string | null;
  supportEmail: string;
  unsubscribe?: { url: string; preferencesUrl: string; kindLabel: string };
}

const FOOTER_COPY: Record<
  Language,
  {
    sentBy: (organization: string | null) => string;
    support: string;
    why: (kind: string) => string;
    unsubscribe: string;
    preferences: string;
  }
> = {
  fr: {
    sentBy: (organization) =>
      organization ? `Envoyé par Cursus pour ${organization}.` : 'Envoyé par Cursus.',
    support: 'Une question ? Écrivez-nous :',
    why: (kind) => `Vous recevez cet email car les notifications « ${kind} » sont activées sur votre compte.`,
    unsubscribe: 'Ne plus recevoir ces emails',
    preferences: 'Gérer mes préférences',
  },
  en: {
    sentBy: (organization) => (organization ? `Sent by Cursus for ${organization}.` : 'Sent by Cursus.'),
    support: 'A question? Write to us:',
    why: (kind) => `You receive this email because "${kind}" notifications are on for your account.`,
    unsubscribe: 'Stop these emails',
    preferences: 'Manage my preferences',
  },
};

const colors = { brand: '#1d4ed8', text: '#1f2937', muted: '#6b7280', border: '#e5e7eb', quote: '#f3f4f6' };
const paragraph = { color: colors.text, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };
const small = { color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: '0 0 8px' };

export function EmailDocument(props: { language: Language; content: EmailContent; footer: EmailFooter }) {
  const { language, content, footer } = props;
  const copy = FOOTER_COPY[language];
  return (
    <Html lang={language}>
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: '#f9fafb', fontFamily: 'Arial, Helvetica, sans-serif', margin: 0 }}>
        <Container
          style={{ backgroundColor: '#ffffff', maxWidth: '560px', padding: '32px', margin: '24px auto' }}
        >
          <Text style={{ color: colors.brand, fontSize: '22px', fontWeight: 700, margin: '0 0 24px' }}>
            Cursus
          </Text>
          {content.greeting ? <Text style={paragraph}>{content.greeting}</Text> : null}
          {content.paragraphs.map((text) => (
            <Text key={text} style={paragraph}>
              {text}
            </Text>
          ))}
          {content.quote ? (
            <Section
              style={{
                backgroundColor: colors.quote,
                borderLeft: `4px solid ${colors.brand}`,
                padding: '12px 16px',
                margin: '0 0 16px',
              }}
            >
              <Text style={{ ...paragraph, margin: 0, whiteSpace: 'pre-line' }}>{content.quote}</Text>
            </Section>
          ) : null}
          {content.details?.length ? (
            <Section style={{ margin: '0 0 16px' }}>
              {content.details.map((detail) => (
                <Text key={detail} style={{ ...paragraph, margin: '0 0 4px' }}>
                  {detail}
                </Text>
              ))}
            </Section>
          ) : null}
          <Section style={{ margin: '8px 0 24px' }}>
            <Button
              href={content.action.url}
              style={{
                backgroundColor: colors.brand,
                borderRadius: '6px',
                color: '#ffffff',
                fontSize: '15px',
                fontWeight: 700,
                padding: '12px 20px',
                textDecoration: 'none',
              }}
            >
              {content.action.label}
            </Button>
          </Section>
          {content.closing?.map((text) => (
            <Text key={text} style={paragraph}>
              {text}
            </Text>
          ))}
          <Hr style={{ borderColor: colors.border, margin: '24px 0 16px' }} />
          <Text style={small}>{copy.sentBy(footer.organization)}</Text>
          <Text style={small}>
            {copy.support} <Link href={`mailto:${footer.supportEmail}`}>{footer.supportEmail}</Link>
          </Text>
          {footer.unsubscribe ? (
            <>
              <Text style={small}>{copy.why(footer.unsubscribe.kindLabel)}</Text>
              <Text style={small}>
                <Link href={footer.unsubscribe.url}>{copy.unsubscribe}</Link>
                {' · '}
                <Link href={footer.unsubscribe.preferencesUrl}>{copy.preferences}</Link>
              </Text>
            </>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
