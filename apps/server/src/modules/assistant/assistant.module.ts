import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { assistantRoutesPlugin } from './assistant.routes.ts';
import { type AssistantSources, createAssistantService } from './assistant.service.ts';
import { createKnowledge } from './knowledge.ts';
import { type ModelSettings, openModel } from './model.ts';

export { eraseAssistantConversations, exportAssistantPersonalData } from './assistant.personal-data.ts';
export type { AssistantSources } from './assistant.service.ts';

/**
 * The AI assistants (issue 18): a learner's and the organisation's. Without a model they answer from
 * the help texts and the user's own records; with one (any OpenAI-compatible server), the model
 * answers from the same retrieval and tools that read the user's own records (docs/assistant.md).
 */
export function createAssistantModule(deps: {
  database: Database;
  sources: AssistantSources;
  /** AI_BASE_URL and AI_MODEL (AI_API_KEY optional, for servers that need none); null without them. */
  model: ModelSettings | null;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const service = createAssistantService({
    database: deps.database,
    knowledge: createKnowledge(),
    sources: deps.sources,
    model: deps.model ? openModel(deps.model) : null,
    now: deps.now,
    log: deps.log,
  });
  const routes: FastifyPluginAsync = (app) => assistantRoutesPlugin(app, { assistant: service });
  return { service, routes };
}

/** The model settings from the environment: both the address and the model's name, or none. */
export function readModelSettings(env: { AI_BASE_URL?: string; AI_API_KEY?: string; AI_MODEL?: string }) {
  return env.AI_BASE_URL && env.AI_MODEL
    ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL }
    : null;
}
