import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ASSISTANT_MESSAGE_MAX, type AssistantReply } from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ENGINE } from '../../../test/helper.ts';
import { assistantConversations, assistantMessages } from './assistant.tables.ts';

const chat = (world: CoursesWorld, person: Person | null, body: Record<string, unknown>) =>
  world.call(person, 'POST', '/api/assistant/chat', body);

/** A message that must be answered: the reply. */
const ask = async (
  world: CoursesWorld,
  person: Person,
  message: string,
  space: 'student_space' | 'organization_space' = 'student_space',
) => expectStatus<AssistantReply>(await chat(world, person, { message, space }), 200);

const errorCode = (response: { json(): { error?: { code?: string } } }) => response.json().error?.code;

/** A published formation of `trainer`'s organisation with one module of two lessons, `student` enrolled. */
async function createFormation(world: CoursesWorld, trainer: Person, student: Person, title: string) {
  const { call } = world;
  const courseId = expectStatus(await call(trainer, 'POST', '/api/courses', { title }), 200).id as string;
  const moduleId = expectStatus(
    await call(trainer, 'POST', `/api/courses/${courseId}/modules`, { title: `${title} : les bases` }),
    200,
  ).id as string;
  const lessonIds: string[] = [];
  for (const lesson of ['Premiers pas', 'Aller plus loin'])
    lessonIds.push(
      expectStatus(
        await call(trainer, 'POST', `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
          title: lesson,
          content: { type: 'text', html: `<p>${lesson}</p>` },
        }),
        200,
      ).id,
    );
  expectStatus(await call(trainer, 'POST', `/api/courses/${courseId}/publish`), 200);
  expectStatus(
    await call(trainer, 'POST', `/api/courses/${courseId}/enrollments`, {
      studentIds: [world.users[student].id],
    }),
    200,
  );
  return { courseId, lessonIds };
}

describe(`the assistant without a model, on ${ENGINE} (issue 18)`, () => {
  let world: CoursesWorld;
  let excel: { courseId: string; lessonIds: string[] };
  let welding: { courseId: string };

  beforeAll(async () => {
    world = await createCoursesWorld();
    excel = await createFormation(world, 'trainerA', 'studentA1', 'Excel pour la gestion');
    welding = await createFormation(world, 'trainerB', 'studentB', 'Soudure sous-marine');
    expectStatus(
      await world.call(
        'studentA1',
        'POST',
        `/api/learning/courses/${excel.courseId}/lessons/${excel.lessonIds[0]}/complete`,
      ),
      200,
    );
  });
  afterAll(() => world.close());

  it("answers 'où en suis-je ?' with the learner's real progress per formation, linked", async () => {
    const reply = await ask(world, 'studentA1', '  où en suis-je ?  ');
    expect(reply.message).toContain('Excel pour la gestion : 50 % (1/2 leçons)');
    expect(reply.message).toContain('Premiers pas');
    expect(reply.sources).toContainEqual({
      title: 'Excel pour la gestion',
      href: `/formations/${excel.courseId}`,
    });
    expect(reply.sources).toContainEqual({ title: 'Ma progression', href: '/progression' });
    // Kept as the learner's conversation: the question trimmed, then the answer.
    const rows = await world.testApp.database.db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.conversationId, reply.conversationId))
      .orderBy(assistantMessages.createdAt);
    expect(rows.map((row) => [row.role, row.content])).toEqual([
      ['user', 'où en suis-je ?'],
      ['assistant', reply.message],
    ]);
    expect(rows[1]!.sources).toEqual(reply.sources);
  });

  it("answers in the user's language", async () => {
    expectStatus(await world.call('studentA2', 'PATCH', '/api/auth/preferences', { language: 'en' }), 200);
    const reply = await ask(world, 'studentA2', 'Where am I?');
    expect(reply.message).toBe('You are not enrolled in any course yet. Your trainer will enrol you.');
    const help = await ask(world, 'studentA2', 'How do I sign the end of my course?');
    expect(help.message).toContain('How do I sign the end of a module or a course?');
    expect(help.sources).toContainEqual({ title: 'Knowledge base', href: '/knowledge-base' });
  });

  it('finds the FAQ and the guides by their words, with their page as the source', async () => {
    const reply = await ask(world, 'studentA1', 'Comment poser une question à mon formateur ?');
    expect(reply.message).toContain("J'ai une question\u202f?");
    expect(reply.sources).toContainEqual({ title: 'Base de connaissances', href: '/knowledge-base' });
    const staff = await ask(world, 'trainerA', 'Comment créer une formation ?', 'organization_space');
    expect(staff.sources.map((source) => source.href)).toContain('/trainer/help');
  });

  it("goes on with the caller's conversation, and refuses anyone else's as unknown", async () => {
    const first = await ask(world, 'studentA1', 'bonjour');
    const second = expectStatus<AssistantReply>(
      await chat(world, 'studentA1', {
        message: 'mes formations',
        space: 'student_space',
        conversationId: first.conversationId,
      }),
      200,
    );
    expect(second.conversationId).toBe(first.conversationId);
    expect(second.message).toContain('Excel pour la gestion');
    const foreign = await chat(world, 'studentA2', {
      message: 'bonjour',
      space: 'student_space',
      conversationId: first.conversationId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await world.call('studentA2', 'DELETE', `/api/assistant/conversations/${first.conversationId}`))
        .statusCode,
    ).toBe(404);
    // Clear: the conversation and its messages are gone; going on with it is refused.
    expectStatus(
      await world.call('studentA1', 'DELETE', `/api/assistant/conversations/${first.conversationId}`),
      200,
    );
    const left = await world.testApp.database.db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.conversationId, first.conversationId));
    expect(left).toEqual([]);
    const after = await chat(world, 'studentA1', {
      message: 'bonjour',
      space: 'student_space',
      conversationId: first.conversationId,
    });
    expect(after.statusCode).toBe(404);
  });

  it("gives nothing of another organisation's formation", async () => {
    for (const message of ['Parle-moi de la formation Soudure sous-marine', 'où en suis-je ?', 'Soudure']) {
      const response = await chat(world, 'studentA1', { message, space: 'student_space' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Soudure');
      expect(response.body).not.toContain(welding.courseId);
    }
    // Its own learner finds it by its name.
    const own = await ask(world, 'studentB', 'Parle-moi de la formation Soudure sous-marine');
    expect(own.sources).toContainEqual({
      title: 'Soudure sous-marine',
      href: `/formations/${welding.courseId}`,
    });
    // Another organisation's trainer reads their own figures only.
    const figures = await ask(world, 'trainerB', 'Combien ai-je d’apprenants ?', 'organization_space');
    expect(figures.message).toContain('Votre organisme compte 1 apprenant,');
  });

  it("tells the organisation's staff their figures and Qualiopi gaps", async () => {
    const figures = await ask(world, 'trainerA', 'Quels sont mes chiffres ?', 'organization_space');
    expect(figures.message).toContain('Votre organisme compte 2 apprenants,');
    expect(figures.message).toContain('1 publiée,');
    expect(figures.sources).toContainEqual({ title: 'Tableau de bord', href: '/trainer/dashboard' });
    const compliance = await ask(
      world,
      'trainerA',
      'Où en est ma conformité Qualiopi ?',
      'organization_space',
    );
    expect(compliance.message).toMatch(/^Préparation Qualiopi : \d+ %/);
    expect(compliance.message).toMatch(/- Indicateur \d+ \(.+\) : sans preuve/);
    expect(compliance.sources).toEqual([{ title: 'Conformité Qualiopi', href: '/trainer/compliance' }]);
  });

  it('keeps each space to its people, and validates the message', async () => {
    expect((await chat(world, null, { message: 'bonjour', space: 'student_space' })).statusCode).toBe(401);
    const learnerAsStaff = await chat(world, 'studentA1', {
      message: 'bonjour',
      space: 'organization_space',
    });
    expect([learnerAsStaff.statusCode, errorCode(learnerAsStaff)]).toEqual([403, 'INSUFFICIENT_PERMISSIONS']);
    const staffAsLearner = await chat(world, 'trainerA', { message: 'bonjour', space: 'student_space' });
    expect([staffAsLearner.statusCode, errorCode(staffAsLearner)]).toEqual([403, 'INSUFFICIENT_PERMISSIONS']);
    const admin = await chat(world, 'admin', {
      message: 'Combien d’apprenants ?',
      space: 'organization_space',
    });
    expect(admin.statusCode).toBe(200);
    for (const body of [
      { message: '   ', space: 'student_space' },
      { message: 'x'.repeat(ASSISTANT_MESSAGE_MAX + 1), space: 'student_space' },
      { message: 'bonjour', space: 'elsewhere' },
      { message: 'bonjour', space: 'student_space', conversationId: 'not-a-uuid' },
      { space: 'student_space' },
    ]) {
      const response = await chat(world, 'studentA1', body);
      expect([response.statusCode, errorCode(response)]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  it('limits each user to 10 messages a minute (RATE_LIMITED), someone without an organisation included', async () => {
    for (let index = 0; index < 10; index += 1) {
      const reply = await ask(world, 'loneStudent', 'où en suis-je ?');
      // Without an organisation there is no progress to read: the help answers.
      expect(reply.conversationId).toBeTruthy();
    }
    const refused = await chat(world, 'loneStudent', { message: 'bonjour', space: 'student_space' });
    expect([refused.statusCode, errorCode(refused)]).toEqual([429, 'RATE_LIMITED']);
    expect(refused.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await chat(world, 'studentA2', { message: 'bonjour', space: 'student_space' })).statusCode).toBe(
      200,
    );
    const kept = await world.testApp.database.db
      .select()
      .from(assistantConversations)
      .where(eq(assistantConversations.userId, world.users.loneStudent.id));
    expect(kept).toHaveLength(10);
    expect(kept.every((row) => row.organizationId === null)).toBe(true);
  });
});

/** The chat-completions requests the fake provider received, with their parsed bodies. */
interface ProviderRequest {
  authorization: string | undefined;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: unknown; tool_calls?: unknown }[];
    tools?: { function: { name: string } }[];
  };
}

function formatChunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const piece of request) body += piece;
  return body;
}

/**
 * A tiny OpenAI-compatible server: it streams chat completions, calls `getMyProgress` when asked
 * where the learner is (then answers with the tool's result), and fails when asked to.
 */
async function startFakeProvider() {
  const requests: ProviderRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as ProviderRequest['body'];
    requests.push({ authorization: request.headers.authorization, body });
    const last = body.messages.at(-1)!;
    const lastUser = [...body.messages].reverse().find((message) => message.role === 'user');
    if (String(lastUser?.content).includes('panne')) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    if (String(lastUser?.content).includes('où en suis-je') && last.role === 'user') {
      response.write(
        formatChunk({
          role: 'assistant',
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: { name: 'getMyProgress', arguments: '{}' },
            },
          ],
        }),
      );
      response.write(formatChunk({}, 'tool_calls'));
    } else {
      const toolResult = last.role === 'tool' ? String(last.content) : '';
      const text = toolResult
        ? `Voici où vous en êtes. ${toolResult}`
        : 'Bonjour, je suis là pour vous aider.';
      for (const piece of text.match(/.{1,12}/gsu) ?? []) response.write(formatChunk({ content: piece }));
      response.write(formatChunk({}, 'stop'));
    }
    response.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SSE events of a streamed answer, in order. */
function readEvents(body: string): { event: string; data: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}');
      return { event, data };
    });
}

describe(`the assistant with an OpenAI-compatible model, on ${ENGINE} (issue 18)`, () => {
  let world: CoursesWorld;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let excel: { courseId: string };

  beforeAll(async () => {
    provider = await startFakeProvider();
    world = await createCoursesWorld({
      AI_BASE_URL: provider.url,
      AI_API_KEY: 'test-key',
      AI_MODEL: 'test-model',
    });
    excel = await createFormation(world, 'trainerA', 'studentA1', 'Excel pour la gestion');
    await createFormation(world, 'trainerB', 'studentB', 'Soudure sous-marine');
  });
  afterAll(async () => {
    await world.close();
    await provider.close();
  });

  it('streams the answer as text pieces, then the stored reply', async () => {
    const response = await chat(world, 'studentA1', { message: 'bonjour', space: 'student_space' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = readEvents(response.body);
    const deltas = events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => event.data.text).join('')).toBe('Bonjour, je suis là pour vous aider.');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ message: 'Bonjour, je suis là pour vous aider.' });
    const request = provider.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer test-key');
    expect(request.body).toMatchObject({ model: 'test-model', stream: true });
    expect(request.body.tools?.map((tool) => tool.function.name).sort()).toEqual([
      'getMyProgress',
      'getMyQuestions',
      'getMyUpcomingSessions',
      'searchHelp',
    ]);
    const [system] = request.body.messages;
    expect(system).toMatchObject({ role: 'system' });
    expect(String(system!.content)).toContain('Réponds en français');
    // The model's context holds no other organisation's data.
    expect(JSON.stringify(request.body)).not.toContain('Soudure');
  });

  it("reads the learner's own progress through a tool call, and cites the formations", async () => {
    const before = provider.requests.length;
    const response = await chat(world, 'studentA1', { message: 'où en suis-je ?', space: 'student_space' });
    expect(response.statusCode).toBe(200);
    const done = readEvents(response.body).at(-1)!;
    expect(done.event).toBe('done');
    const reply = done.data as AssistantReply;
    expect(reply.message).toContain('Voici où vous en êtes.');
    expect(reply.message).toContain('Excel pour la gestion : 0 % (0/2 leçons)');
    expect(reply.sources).toContainEqual({
      title: 'Excel pour la gestion',
      href: `/formations/${excel.courseId}`,
    });
    // Two rounds: the tool call, then the answer with the tool's result.
    const rounds = provider.requests.slice(before);
    expect(rounds).toHaveLength(2);
    expect(rounds[1]!.body.messages.some((message) => message.role === 'tool')).toBe(true);
    expect(JSON.stringify(rounds.map((round) => round.body))).not.toContain('Soudure');
    // The next message of the conversation carries the history to the model.
    const next = await chat(world, 'studentA1', {
      message: 'merci',
      space: 'student_space',
      conversationId: reply.conversationId,
    });
    expect(next.statusCode).toBe(200);
    const history = provider.requests.at(-1)!.body.messages.map((message) => message.role);
    expect(history).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('answers ASSISTANT_UNAVAILABLE (the chat failure toast) when the provider fails, and keeps nothing', async () => {
    const response = await chat(world, 'studentA2', {
      message: 'Le modèle est en panne ?',
      space: 'student_space',
    });
    expect([response.statusCode, errorCode(response)]).toEqual([502, 'ASSISTANT_UNAVAILABLE']);
    const kept = await world.testApp.database.db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.userId, world.users.studentA2.id));
    expect(kept).toEqual([]);
  });

  it("gives the organisation's assistant its staff tools", async () => {
    const response = await chat(world, 'trainerA', { message: 'bonjour', space: 'organization_space' });
    expect(response.statusCode).toBe(200);
    expect(
      provider.requests
        .at(-1)!
        .body.tools?.map((tool) => tool.function.name)
        .sort(),
    ).toEqual(['getComplianceGaps', 'getOrganizationFigures', 'searchHelp']);
  });
});
