import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AssistantSpace, Language } from '@cursus/contracts';
import { type LanguageModel, type ModelMessage, stepCountIs, streamText, type ToolSet, tool } from 'ai';
import { z } from 'zod';
import type { Answer } from './compose.ts';
import type { Passage } from './knowledge.ts';

export interface ModelSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

/** Any OpenAI-compatible chat-completions server (Mistral, vLLM, Ollama, OpenAI…). */
export function openModel(settings: ModelSettings): LanguageModel {
  const provider = createOpenAICompatible({
    name: 'assistant',
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey,
  });
  return provider.chatModel(settings.model);
}

/**
 * What the model may call: each tool reads one of the caller's own records (through the same
 * services as the retrieval answers, so under the caller's row-level security) and hands back the
 * same text and sources the retrieval answer would give.
 */
export type AssistantTools = Record<string, { description: string; run: (query: string) => Promise<Answer> }>;

const SPACE_ROLE: Record<AssistantSpace, Record<Language, string>> = {
  student_space: {
    fr: "l'assistant des apprenants de la plateforme de formation Cursus",
    en: 'the learners’ assistant of the Cursus training platform',
  },
  organization_space: {
    fr: "l'assistant des formateurs d'un organisme de formation sur la plateforme Cursus",
    en: 'the assistant of a training organisation’s trainers on the Cursus platform',
  },
};

/** The system prompt: who it speaks to, in which language, and the passages retrieved for the message. */
export function writeSystemPrompt(
  space: AssistantSpace,
  language: Language,
  passages: readonly Passage[],
): string {
  const head =
    language === 'fr'
      ? `Tu es ${SPACE_ROLE[space].fr}. Réponds en français, brièvement. Appuie-toi uniquement sur les extraits ci-dessous et sur les outils, qui lisent les données de l'utilisateur ; n'invente aucun chiffre. Cite les pages utiles par leur titre.`
      : `You are ${SPACE_ROLE[space].en}. Answer in English, briefly. Rely only on the passages below and on the tools, which read the user's own data; never invent a figure. Name the useful pages by their title.`;
  const body = passages.map(
    (passage, index) => `[${index + 1}] ${passage.title} (${passage.page.href}): ${passage.text}`,
  );
  return [
    head,
    '',
    ...(body.length > 0 ? body : [language === 'fr' ? '(aucun extrait)' : '(no passage)']),
  ].join('\n');
}

/**
 * The model's answer as text pieces. The tools' sources are collected into `sources` as they run;
 * a provider error (status, network, malformed stream) is thrown from the iteration.
 */
export async function* streamModelAnswer(input: {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools: AssistantTools;
  sources: Answer['sources'];
  signal?: AbortSignal;
}): AsyncGenerator<string> {
  const tools: ToolSet = Object.fromEntries(
    Object.entries(input.tools).map(([name, definition]) => [
      name,
      tool({
        description: definition.description,
        inputSchema: z.object({ query: z.string().max(500).optional() }),
        execute: async ({ query }) => {
          const answer = await definition.run(query ?? '');
          input.sources.push(...answer.sources);
          return answer.message;
        },
      }),
    ]),
  );
  const result = streamText({
    model: input.model,
    system: input.system,
    messages: input.messages,
    tools,
    // A tool call, its result, then the answer; a few rounds at most.
    stopWhen: stepCountIs(4),
    // One try: the person is waiting, and the toast lets them retry.
    maxRetries: 0,
    abortSignal: input.signal,
    // The error arrives as the stream's 'error' part below, and the caller logs it once.
    onError: () => undefined,
  });
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') yield part.text;
    else if (part.type === 'error') throw part.error;
  }
}
