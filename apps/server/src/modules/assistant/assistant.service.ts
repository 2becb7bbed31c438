import type {
  AssistantChatInput,
  AssistantReply,
  AssistantSpace,
  ComplianceReport,
  Language,
  LearnerGroupSession,
  Progression,
  SessionUser,
  StudentQuestion,
  TrainerDashboard,
} from '@cursus/contracts';
import type { LanguageModel, ModelMessage } from 'ai';
import { and, desc, eq } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptCounter, type Limit } from '../../lib/rate-limit.ts';
import { assistantConversations, assistantMessages } from './assistant.tables.ts';
import {
  type Answer,
  dedupeSources,
  describeCompliance,
  describeCourses,
  describeFigures,
  describePassages,
  describeProgress,
  describeQuestions,
  describeSessions,
  greet,
  LINKS,
} from './compose.ts';
import { detectIntent } from './intents.ts';
import { createPassageIndex, type Knowledge, type Passage } from './knowledge.ts';
import { type AssistantTools, streamModelAnswer, writeSystemPrompt } from './model.ts';

/**
 * The user's own records, read through their modules' services as the user (each in a tenant
 * transaction, under row-level security): the assistant never reads another module's tables.
 */
export interface AssistantSources {
  progressionOf(actor: SessionUser): Promise<Progression>;
  upcomingSessionsOf(actor: SessionUser): Promise<LearnerGroupSession[]>;
  questionsOf(actor: SessionUser): Promise<StudentQuestion[]>;
  dashboardOf(actor: SessionUser): Promise<TrainerDashboard>;
  complianceOf(actor: SessionUser): Promise<ComplianceReport>;
}

/** A person chats, a model costs: 10 messages a minute, 200 a day, per user. */
export const ASSISTANT_LIMITS = {
  perMinute: { max: 10, windowMs: 60_000 },
  perDay: { max: 200, windowMs: 24 * 60 * 60_000 },
} as const satisfies Record<string, Limit>;

/** How many earlier messages of the conversation the model reads. */
const HISTORY_MESSAGES = 10;

/**
 * SPEC 4: the student space is the learners', the organisation space its staff's (admins too).
 * The route lets any signed-in user in; the space they name is the one they must hold.
 */
function checkSpace(actor: SessionUser, space: AssistantSpace) {
  const allowed = space === 'student_space' ? actor.role === 'student' : actor.role !== 'student';
  if (!allowed) throw new AppError('INSUFFICIENT_PERMISSIONS');
}

/** A record that needs an organisation, for someone without one: the search answers instead. */
async function readUnlessNoOrganization<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NO_ORGANIZATION') return null;
    throw error;
  }
}

/** A streamed answer: its text pieces, then the stored reply once the last one has gone out. */
export interface StreamedChat {
  conversationId: string;
  deltas: AsyncIterable<string>;
  finish(): Promise<AssistantReply>;
}

export type ChatOutcome = { kind: 'reply'; reply: AssistantReply } | { kind: 'stream'; stream: StreamedChat };

export function createAssistantService(deps: {
  database: Database;
  knowledge: Knowledge;
  sources: AssistantSources;
  /** The configured model (AI_BASE_URL, AI_MODEL); without one, answers come from retrieval alone. */
  model: LanguageModel | null;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, knowledge, sources, model } = deps;
  const attempts = createAttemptCounter(database.service, deps.now);

  /** The learner's formations as passages, so a search about one of them finds it (and nothing else's). */
  async function listOwnPassages(actor: SessionUser): Promise<Passage[]> {
    if (actor.role !== 'student') return [];
    const progression = await readUnlessNoOrganization(() => sources.progressionOf(actor));
    return (progression?.courses ?? []).map((course) => ({
      id: `course.${course.courseId}`,
      title: course.title,
      text: course.modules.map((module) => module.title).join(', '),
      audience: 'student' as const,
      page: { title: course.title, href: LINKS.formation(course.courseId) },
    }));
  }

  async function search(actor: SessionUser, language: Language, space: AssistantSpace, query: string) {
    const audience = space === 'student_space' ? 'student' : 'staff';
    const own = createPassageIndex(await listOwnPassages(actor)).search(query, audience, 2);
    return [...own, ...knowledge[language].search(query, audience, 3)].slice(0, 4);
  }

  /** The answer without a model: the intent's own records, else a search of the help and the user's data. */
  async function retrieve(
    actor: SessionUser,
    language: Language,
    space: AssistantSpace,
    message: string,
  ): Promise<Answer> {
    const intent = detectIntent(message, space);
    switch (intent) {
      case 'greeting':
        return greet(language, space);
      case 'progress':
      case 'courses': {
        const progression = await readUnlessNoOrganization(() => sources.progressionOf(actor));
        if (progression)
          return intent === 'progress'
            ? describeProgress(language, progression)
            : describeCourses(language, progression);
        break;
      }
      case 'sessions': {
        const sessions = await readUnlessNoOrganization(() => sources.upcomingSessionsOf(actor));
        if (sessions) return describeSessions(language, sessions);
        break;
      }
      case 'questions': {
        const questions = await readUnlessNoOrganization(() => sources.questionsOf(actor));
        if (questions) return describeQuestions(language, questions);
        break;
      }
      case 'figures':
        return describeFigures(language, await sources.dashboardOf(actor));
      case 'compliance': {
        const report = await readUnlessNoOrganization(() => sources.complianceOf(actor));
        if (report) return describeCompliance(language, report);
        break;
      }
      case 'search':
        break;
    }
    return describePassages(language, space, await search(actor, language, space, message));
  }

  /** The model's tools for this space: the caller's own records and the help's search. */
  function buildTools(actor: SessionUser, language: Language, space: AssistantSpace): AssistantTools {
    const searchHelp = {
      description:
        'Searches the platform’s help (FAQ, guides, tutorials) and the user’s own formations. Input: the words to look for.',
      run: async (query: string) =>
        describePassages(language, space, await search(actor, language, space, query)),
    };
    if (space === 'student_space')
      return {
        getMyProgress: {
          description:
            'The user’s formations with their progress (percent, lessons done), and links to them.',
          run: async () => describeProgress(language, await sources.progressionOf(actor)),
        },
        getMyUpcomingSessions: {
          description: 'The user’s next group sessions (virtual classes), with their dates.',
          run: async () => describeSessions(language, await sources.upcomingSessionsOf(actor)),
        },
        getMyQuestions: {
          description: 'The questions the user asked their trainers and whether they are answered.',
          run: async () => describeQuestions(language, await sources.questionsOf(actor)),
        },
        searchHelp,
      };
    return {
      getOrganizationFigures: {
        description:
          'The organisation’s key figures: learners, active learners, formations, progress, pending questions.',
        run: async () => describeFigures(language, await sources.dashboardOf(actor)),
      },
      getComplianceGaps: {
        description: 'The Qualiopi readiness and the indicators still without (or with partial) evidence.',
        run: async () => describeCompliance(language, await sources.complianceOf(actor)),
      },
      searchHelp,
    };
  }

  /** The conversation to write into: the caller's own (404 for anyone else's), or a new one. */
  async function openConversation(
    actor: SessionUser,
    input: { conversationId?: string; space: AssistantSpace },
  ) {
    return database.withTenant(tenantOf(actor), async (tx) => {
      if (input.conversationId) {
        const [row] = await tx
          .select({ id: assistantConversations.id })
          .from(assistantConversations)
          .where(
            and(
              eq(assistantConversations.id, input.conversationId),
              eq(assistantConversations.space, input.space),
            ),
          );
        if (!row) throw new AppError('NOT_FOUND');
        const history = await tx
          .select({ role: assistantMessages.role, content: assistantMessages.content })
          .from(assistantMessages)
          .where(eq(assistantMessages.conversationId, row.id))
          .orderBy(desc(assistantMessages.createdAt), desc(assistantMessages.id))
          .limit(HISTORY_MESSAGES);
        return { id: row.id, history: history.reverse() as ModelMessage[] };
      }
      const [created] = await tx
        .insert(assistantConversations)
        .values({ organizationId: actor.organizationId, userId: actor.id, space: input.space })
        .returning({ id: assistantConversations.id });
      return { id: created!.id, history: [] as ModelMessage[] };
    });
  }

  async function save(actor: SessionUser, conversationId: string, question: string, answer: Answer) {
    const at = deps.now();
    const owner = { conversationId, organizationId: actor.organizationId, userId: actor.id };
    await database.withTenant(tenantOf(actor), async (tx) => {
      // The answer a millisecond after its question, so the two keep their order when read back.
      await tx.insert(assistantMessages).values([
        { ...owner, role: 'user', content: question, createdAt: at },
        {
          ...owner,
          role: 'assistant',
          content: answer.message,
          sources: answer.sources,
          createdAt: new Date(at.getTime() + 1),
        },
      ]);
      await tx
        .update(assistantConversations)
        .set({ updatedAt: at })
        .where(eq(assistantConversations.id, conversationId));
    });
    return { message: answer.message, conversationId, sources: answer.sources };
  }

  return {
    async chat(
      actor: SessionUser,
      language: Language,
      rawInput: AssistantChatInput,
      signal?: AbortSignal,
    ): Promise<ChatOutcome> {
      const input = { ...rawInput, message: rawInput.message.trim() };
      checkSpace(actor, input.space);
      await attempts.consumeAll([
        [`user:${actor.id}:assistant-minute`, ASSISTANT_LIMITS.perMinute],
        [`user:${actor.id}:assistant-day`, ASSISTANT_LIMITS.perDay],
      ]);
      const conversation = await openConversation(actor, input);
      if (!model) {
        const answer = await retrieve(actor, language, input.space, input.message);
        return { kind: 'reply', reply: await save(actor, conversation.id, input.message, answer) };
      }
      const collected: Answer['sources'] = [];
      const passages = await search(actor, language, input.space, input.message);
      collected.push(...passages.map((passage) => passage.page));
      const pieces = streamModelAnswer({
        model,
        system: writeSystemPrompt(input.space, language, passages),
        messages: [...conversation.history, { role: 'user', content: input.message }],
        tools: buildTools(actor, language, input.space),
        sources: collected,
        signal,
      });
      // The first piece is awaited here: a provider that fails at once is a plain error answer
      // (ASSISTANT_UNAVAILABLE), before any stream starts.
      let first: IteratorResult<string>;
      try {
        first = await pieces.next();
      } catch (error) {
        deps.log.error({ err: error, event: 'assistant.model_failed' }, 'assistant model failed');
        throw new AppError('ASSISTANT_UNAVAILABLE');
      }
      let text = '';
      async function* deltas() {
        if (first.done) return;
        text += first.value;
        yield first.value;
        try {
          for await (const piece of pieces) {
            text += piece;
            yield piece;
          }
        } catch (error) {
          deps.log.error(
            { err: error, event: 'assistant.model_failed' },
            'assistant model failed mid-answer',
          );
          throw new AppError('ASSISTANT_UNAVAILABLE');
        }
      }
      return {
        kind: 'stream',
        stream: {
          conversationId: conversation.id,
          deltas: deltas(),
          finish: () =>
            save(actor, conversation.id, input.message, {
              message: text.trim(),
              sources: dedupeSources(collected),
            }),
        },
      };
    },

    /** Clear: the caller's own conversation and its messages; anyone else's answers 404. */
    async clear(actor: SessionUser, conversationId: string) {
      const deleted = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .delete(assistantConversations)
          .where(eq(assistantConversations.id, conversationId))
          .returning({ id: assistantConversations.id }),
      );
      if (deleted.length === 0) throw new AppError('NOT_FOUND');
    },
  };
}
export type AssistantService = ReturnType<typeof createAssistantService>;
