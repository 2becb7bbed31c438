import { type GuideFeedbackInput, knowledgeBaseRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/** Records a "was this guide helpful?" answer; visitors may answer too. */
export function sendGuideFeedback(input: GuideFeedbackInput) {
  return callApi(knowledgeBaseRoutes.feedback, { body: input });
}
