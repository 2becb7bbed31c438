import { USER_EMAIL_TEMPLATES, type UserEmailTemplate } from '@cursus/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import {
  APP_URL,
  type SmtpReceiver,
  startSmtpReceiver,
  TEST_PASSWORD_HASHING,
  TEST_SECRET,
  withoutOwner,
} from '../../../test/helper.ts';
import { type BuiltApp, buildApp } from '../../app.ts';
import { parseEnv } from '../../config/env.ts';
import type { UserEmailData } from './email.module.ts';
import { emailOutbox } from './email.tables.ts';

let world: CoursesWorld;
let smtp: SmtpReceiver;
/** A second instance on the world's database, sending through the SMTP receiver. */
let mailing: BuiltApp;

const LEARNER_FR = 'lea@org-a.example';
const LEARNER_EN = 'hugo@org-a.example';
const TRAINER = 'trainer@org-a.example';

const words = (count: number) =>
  Array.from({ length: count }, (_unused, index) => `mot${index % 10}`).join(' ');
const LONG_TEXT = words(120);

/** One realistic input per template; long texts, to check the quoting limits. */
const SAMPLES: { [T in UserEmailTemplate]: UserEmailData[T] } = {
  'question-created': {
    studentName: 'Léa Martin',
    subject: 'Formules Excel',
    message: LONG_TEXT,
    path: '/trainer/questions?question=q1',
  },
  'question-replied': {
    subject: 'Formules Excel',
    reply: LONG_TEXT,
    responderName: 'Marc Durand',
    path: '/questions?question=q1',
  },
  'student-reply-received': {
    studentName: 'Léa Martin',
    subject: 'Formules Excel',
    reply: LONG_TEXT,
    path: '/trainer/questions?question=q1',
  },
  'missing-signature': { courseTitle: 'Excel avancé', path: '/student/formations/c1/signature' },
  'inactivity-reminder': {
    daysInactive: 12,
    courses: [{ title: 'Excel avancé', progress: 40 }],
    path: '/dashboard',
  },
  'group-session-created': {
    sessionTitle: 'Atelier tableaux croisés',
    startsAt: '2026-12-03T13:30:00.000Z',
    durationMinutes: 90,
    location: null,
    meetingUrl: 'https://visio.example/atelier',
    path: '/group-sessions',
  },
  'group-session-reminder': {
    sessionTitle: 'Atelier tableaux croisés',
    startsAt: '2026-12-03T13:30:00.000Z',
    durationMinutes: 90,
    location: 'Salle Lumière, 12 rue de la République, Lyon',
    meetingUrl: null,
    path: '/group-sessions',
  },
  'session-quiz-available': {
    sessionTitle: 'Atelier tableaux croisés',
    quizTitle: 'Quiz de fin d’atelier',
    path: '/quizz?quiz=q1&from=session&session=s1',
  },
  'meeting-invitation': {
    title: 'Point individuel',
    startsAt: '2026-12-03T13:30:00.000Z',
    durationMinutes: 30,
    location: null,
    meetingUrl: 'https://visio.example/point',
    organizerName: 'Marc Durand',
    path: '/coaching',
  },
};

/** What each language's text must say for the sample, beyond the common checks. */
const EXPECTED: Record<UserEmailTemplate, Record<'fr' | 'en', { subject: string; says: string[] }>> = {
  'question-created': {
    fr: { subject: 'Cursus – Nouvelle question de Léa Martin', says: ['Répondre à la question'] },
    en: { subject: 'Cursus – New question from Léa Martin', says: ['Answer the question'] },
  },
  'question-replied': {
    fr: { subject: 'Cursus – Réponse à votre question « Formules Excel »', says: ['Marc Durand a répondu'] },
    en: { subject: 'Cursus – Reply to your question “Formules Excel”', says: ['Marc Durand replied'] },
  },
  'student-reply-received': {
    fr: { subject: 'Cursus – Léa Martin a répondu à « Formules Excel »', says: ['Voir l’échange'] },
    en: { subject: 'Cursus – Léa Martin replied to “Formules Excel”', says: ['Open the conversation'] },
  },
  'missing-signature': {
    fr: {
      subject: 'Cursus – Votre signature est attendue pour « Excel avancé »',
      says: ['Signer maintenant'],
    },
    en: { subject: 'Cursus – Your signature is needed for “Excel avancé”', says: ['Sign now'] },
  },
  'inactivity-reminder': {
    fr: { subject: 'Cursus – Vos formations vous attendent', says: ['12 jours', 'Excel avancé — 40 %'] },
    en: { subject: 'Cursus – Your courses are waiting for you', says: ['12 days', 'Excel avancé — 40%'] },
  },
  'group-session-created': {
    fr: {
      subject: 'Cursus – Nouvelle session de groupe : Atelier tableaux croisés',
      says: [
        'jeudi 3 décembre 2026 à 14:30 (heure de Paris)',
        '1 heure 30 minutes',
        'https://visio.example/atelier',
      ],
    },
    en: {
      subject: 'Cursus – New group session: Atelier tableaux croisés',
      says: ['Thursday, 3 December 2026 at 14:30 (Paris time)', '1 hour 30 minutes'],
    },
  },
  'group-session-reminder': {
    fr: {
      subject: 'Cursus – Rappel : Atelier tableaux croisés approche',
      says: ['commence bientôt', 'Lieu : Salle Lumière, 12 rue de la République, Lyon'],
    },
    en: {
      subject: 'Cursus – Reminder: Atelier tableaux croisés is coming up',
      says: ['starts soon', 'Place: Salle Lumière, 12 rue de la République, Lyon'],
    },
  },
  'session-quiz-available': {
    fr: {
      subject: 'Cursus – Quiz disponible : Quiz de fin d’atelier',
      says: ['de la session de groupe « Atelier tableaux croisés » est ouvert', 'Répondre au quiz'],
    },
    en: {
      subject: 'Cursus – Quiz available: Quiz de fin d’atelier',
      says: ['of the group session “Atelier tableaux croisés” is open', 'Take the quiz'],
    },
  },
  'meeting-invitation': {
    fr: {
      subject: 'Cursus – Invitation : Point individuel',
      says: ['Marc Durand vous invite', '30 minutes'],
    },
    en: { subject: 'Cursus – Invitation: Point individuel', says: ['Marc Durand invites you', '30 minutes'] },
  },
};

/** The quoted excerpt of a message's text: the line made of the sample's words. */
const quotedLine = (text: string) => text.split('\n').find((line) => line.startsWith('mot0 mot1'));

beforeAll(async () => {
  world = await createCoursesWorld();
  expectStatus(await world.call('studentA2', 'PATCH', '/api/auth/preferences', { language: 'en' }), 200);
  smtp = await startSmtpReceiver();
  mailing = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', APP_URL, LOG_LEVEL: 'silent', SMTP_URL: smtp.url }),
    database: withoutOwner(world.testApp.database),
    secret: TEST_SECRET,
    passwordHashing: TEST_PASSWORD_HASHING,
    logger: false,
    webDist: '/nonexistent',
  });
});
afterAll(async () => {
  await mailing?.app.close();
  await smtp?.close();
  await world?.close();
});

async function sendAndReceive<T extends UserEmailTemplate>(
  userId: string,
  to: string,
  template: T,
): Promise<ParsedMail> {
  const before = smtp.messages.length;
  const service = mailing.modules.email.service;
  expect(await service.sendToUser({ userId, template, data: SAMPLES[template] })).toBe(true);
  await service.idle();
  const mail = await smtp.waitFor(to);
  expect(smtp.messages.length).toBe(before + 1);
  return mail;
}

/** A header line as it arrived (mailparser folds the List-* headers into one object). */
const header = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n\s+/g, ' ');

const linksOf = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

describe('user emails through a real SMTP server', () => {
  for (const template of USER_EMAIL_TEMPLATES) {
    for (const language of ['fr', 'en'] as const) {
      it(`sends ${template} in ${language}: subject, both parts, absolute links, unsubscribe`, async () => {
        const person = language === 'fr' ? 'studentA1' : 'studentA2';
        const to = language === 'fr' ? LEARNER_FR : LEARNER_EN;
        const mail = await sendAndReceive(world.users[person].id, to, template);
        const expected = EXPECTED[template][language];
        expect(mail.subject).toBe(expected.subject);
        expect(mail.html).toContain(`lang="${language}"`);
        // Intl writes narrow no-break spaces ("40 %"): compared as plain spaces.
        const text = (mail.text ?? '').replace(/[\u202f\u00a0]/g, ' ');
        for (const phrase of expected.says) expect(text).toContain(phrase);
        expect(mail.html).toContain(expected.says[0]);

        // Every link is absolute, on APP_URL (or the meeting's own address).
        const links = linksOf(text);
        const action = new URL(SAMPLES[template].path, APP_URL).toString();
        expect(links).toContain(action);
        // In HTML a link's '&' is written '&amp;' (the session quiz's link has several parameters).
        expect(mail.html).toContain(`href="${action.replaceAll('&', '&amp;')}"`);
        for (const link of links)
          expect(link.startsWith(APP_URL) || link.startsWith('https://visio.example')).toBe(true);

        // The footer's page link and the one-click headers name the same token.
        const page = links.find((link) => link.startsWith(`${APP_URL}/unsubscribe?token=`));
        expect(page).toBeDefined();
        const token = new URL(page!).searchParams.get('token');
        expect(header(mail, 'list-unsubscribe')).toBe(
          `List-Unsubscribe: <${APP_URL}/api/email/unsubscribe?token=${token}>`,
        );
        expect(header(mail, 'list-unsubscribe-post')).toBe(
          'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
        );
        expect(text).toContain('support@cursus.local');

        // Delivered: the row keeps the record, not the body, headers or attachment.
        const [row] = await world.testApp.database.db
          .select()
          .from(emailOutbox)
          .where(
            and(
              eq(emailOutbox.toAddress, to),
              eq(emailOutbox.template, template),
              eq(emailOutbox.status, 'sent'),
            ),
          )
          .orderBy(desc(emailOutbox.createdAt))
          .limit(1);
        expect(row).toMatchObject({ language, text: '', html: '', headers: null, ics: null });

        if (template === 'meeting-invitation') {
          const [ics] = mail.attachments;
          expect(ics).toMatchObject({ filename: 'invitation.ics', contentType: 'text/calendar' });
          const calendar = ics!.content.toString('utf8');
          expect(calendar).toContain('SUMMARY:Point individuel');
          expect(calendar).toContain('DTSTART:20261203T133000Z');
          expect(calendar).toContain('DTEND:20261203T140000Z');
        } else {
          expect(mail.attachments).toEqual([]);
        }
      });
    }
  }

  it('quotes 200 characters of a question, 300 of a reply to a learner, 200 of a reply to a trainer, on a word', async () => {
    const trainerId = world.users.trainerA.id;
    const cases = [
      ['question-created', trainerId, TRAINER, 200],
      ['question-replied', world.users.studentA1.id, LEARNER_FR, 300],
      ['student-reply-received', trainerId, TRAINER, 200],
    ] as const;
    for (const [template, userId, to, limit] of cases) {
      const mail = await sendAndReceive(userId, to, template);
      const quote = quotedLine(mail.text ?? '')!;
      expect(quote.endsWith('…')).toBe(true);
      const excerpt = quote.slice(0, -1);
      expect(excerpt.length).toBeLessThanOrEqual(limit);
      // The longest run of whole words within the limit: one more word would not fit.
      expect(LONG_TEXT.startsWith(`${excerpt} `)).toBe(true);
      expect(LONG_TEXT.slice(0, LONG_TEXT.indexOf(' ', excerpt.length + 1)).length).toBeGreaterThan(limit);
    }
  });

  it('queues nothing for an unknown user', async () => {
    expect(
      await mailing.modules.email.service.sendToUser({
        userId: 'nobody',
        template: 'missing-signature',
        data: SAMPLES['missing-signature'],
      }),
    ).toBe(false);
  });
});

describe('email preferences', () => {
  const outboxCount = async (to: string, template: string) =>
    (
      await world.testApp.database.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
    ).length;
  const send = (person: 'studentA1' | 'trainerA', template: UserEmailTemplate) =>
    world.testApp.modules.email.service.sendToUser({
      userId: world.users[person].id,
      template,
      data: SAMPLES[template] as never,
    });

  it('lists the kinds of the caller’s role, all on at first', async () => {
    const learner = expectStatus(await world.call('studentA1', 'GET', '/api/email-preferences'), 200);
    expect(learner.preferences.map((each: { kind: string }) => each.kind)).toEqual([
      'question-replied',
      'inactivity-reminder',
      'missing-signature',
      'group-session-created',
      'group-session-reminder',
      'session-quiz-available',
      'meeting-invitation',
    ]);
    expect(learner.preferences.every((each: { enabled: boolean }) => each.enabled)).toBe(true);
    const trainer = expectStatus(await world.call('trainerA', 'GET', '/api/email-preferences'), 200);
    expect(trainer.preferences.map((each: { kind: string }) => each.kind)).toContain('question-created');
    expect((await world.call(null, 'GET', '/api/email-preferences')).statusCode).toBe(401);
  });

  it('skips a kind the person turned off, and sends it again once turned back on', async () => {
    const before = await outboxCount(LEARNER_FR, 'inactivity-reminder');
    const off = expectStatus(
      await world.call('studentA1', 'PUT', '/api/email-preferences', {
        preferences: [{ kind: 'inactivity-reminder', enabled: false }],
      }),
      200,
    );
    expect(off.preferences).toContainEqual({ kind: 'inactivity-reminder', enabled: false });
    expect(await send('studentA1', 'inactivity-reminder')).toBe(false);
    expect(await outboxCount(LEARNER_FR, 'inactivity-reminder')).toBe(before);
    // Someone else's choice is theirs only.
    expect(await send('trainerA', 'meeting-invitation')).toBe(true);

    expectStatus(
      await world.call('studentA1', 'PUT', '/api/email-preferences', {
        preferences: [{ kind: 'inactivity-reminder', enabled: true }],
      }),
      200,
    );
    expect(await send('studentA1', 'inactivity-reminder')).toBe(true);
    expect(await outboxCount(LEARNER_FR, 'inactivity-reminder')).toBe(before + 1);
  });

  it('refuses an unknown kind or a malformed body with 400', async () => {
    for (const payload of [{ preferences: [{ kind: 'spam', enabled: false }] }, { preferences: [] }, {}]) {
      expect((await world.call('studentA1', 'PUT', '/api/email-preferences', payload)).statusCode).toBe(400);
    }
  });

  describe('one-click unsubscribe', () => {
    async function tokenFor(template: UserEmailTemplate) {
      const mail = await sendAndReceive(world.users.studentA2.id, LEARNER_EN, template);
      const page = linksOf(mail.text ?? '').find((link) => link.includes('/unsubscribe?token='))!;
      return new URL(page).searchParams.get('token')!;
    }
    const oneClick = (token: string) =>
      world.testApp.app.inject({
        method: 'POST',
        url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const preferencesOfA2 = async () =>
      Object.fromEntries(
        expectStatus(await world.call('studentA2', 'GET', '/api/email-preferences'), 200).preferences.map(
          (each: { kind: string; enabled: boolean }) => [each.kind, each.enabled],
        ),
      );

    it('names the kind without changing anything on a GET, then turns off exactly that kind on the POST', async () => {
      const token = await tokenFor('group-session-created');
      const looked = expectStatus(
        await world.call(null, 'GET', `/api/email/unsubscribe?token=${encodeURIComponent(token)}`),
        200,
      );
      expect(looked).toEqual({ kind: 'group-session-created', unsubscribed: false });
      expect((await preferencesOfA2())['group-session-created']).toBe(true);

      expect(expectStatus(await oneClick(token), 200)).toEqual({
        kind: 'group-session-created',
        unsubscribed: true,
      });
      const after = await preferencesOfA2();
      expect(after['group-session-created']).toBe(false);
      expect(Object.entries(after).filter(([, enabled]) => !enabled)).toEqual([
        ['group-session-created', false],
      ]);
      // Twice is the same as once; the web page's POST (JSON, no body) works as well.
      expect(expectStatus(await oneClick(token), 200).unsubscribed).toBe(true);
      expect(
        (await world.call(null, 'POST', `/api/email/unsubscribe?token=${encodeURIComponent(token)}`))
          .statusCode,
      ).toBe(200);
      expect(await send('studentA1', 'group-session-created')).toBe(true);
    });

    it('refuses a forged, altered or malformed token with 400, never 500', async () => {
      const token = await tokenFor('meeting-invitation');
      const [payload, signature] = token.split('.') as [string, string];
      const otherKind = Buffer.from(JSON.stringify([world.users.studentA2.id, 'question-replied'])).toString(
        'base64url',
      );
      const otherUser = Buffer.from(
        JSON.stringify([world.users.studentA1.id, 'meeting-invitation']),
      ).toString('base64url');
      const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      for (const forged of [
        `${otherKind}.${signature}`,
        `${otherUser}.${signature}`,
        `${payload}.${flipped}`,
        `${payload}.`,
        'not-a-token',
        `${payload}.${signature}.${signature}`,
        'x'.repeat(600),
      ]) {
        for (const response of [
          await oneClick(forged),
          await world.call(null, 'GET', `/api/email/unsubscribe?token=${encodeURIComponent(forged)}`),
        ]) {
          expect(response.statusCode, forged).toBe(400);
          expect(['UNSUBSCRIBE_LINK_INVALID', 'VALIDATION_ERROR']).toContain(response.json().error.code);
        }
      }
      expect((await preferencesOfA2())['meeting-invitation']).toBe(true);
      expect((await preferencesOfA2())['question-replied']).toBe(true);
    });
  });
});
