import { lazy, Suspense } from 'react';
import type { AskQuestionDialogProps } from '@/features/questions/components/ask-question-dialog';
import { loadNamespaces } from '@/lib/i18n';

// Loaded, with its texts, the first time a learner asks: the signed-in frame stays as light as before.
const AskQuestionDialog = lazy(async () => {
  const [{ AskQuestionDialog: Dialog }] = await Promise.all([
    import('@/features/questions/components/ask-question-dialog'),
    loadNamespaces(['questions']),
  ]);
  return { default: Dialog };
});

/** The learners' ask-question dialog (features/questions), for the frames around their pages. */
export function LazyAskQuestionDialog(props: AskQuestionDialogProps) {
  return (
    <Suspense fallback={null}>
      <AskQuestionDialog {...props} />
    </Suspense>
  );
}
