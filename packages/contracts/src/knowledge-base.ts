import { z } from 'zod';
import { OkSchema, type RouteContract } from './common.ts';

/** The knowledge base's "was this guide helpful?" answer (SPEC 2), kept per guide. */
export const GuideFeedbackInputSchema = z.object({
  guideId: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-zA-Z0-9.-]+$/),
  helpful: z.boolean(),
});
export type GuideFeedbackInput = z.infer<typeof GuideFeedbackInputSchema>;

export const knowledgeBaseRoutes = {
  feedback: {
    method: 'POST',
    path: '/api/knowledge-base/feedback',
    access: 'public',
    body: GuideFeedbackInputSchema,
    response: OkSchema,
  },
} as const satisfies Record<string, RouteContract>;
