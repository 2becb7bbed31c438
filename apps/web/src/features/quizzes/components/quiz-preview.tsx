import type { Answer, QuizDetail } from '@cursus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { QuestionView } from './question-view';

/** The fixed questions as learners will see them, answerable but never saved. */
export function QuizPreview({ quiz, onClose }: { quiz: QuizDetail; onClose: () => void }) {
  const { t } = useTranslation('quizzes');
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const drawn = quiz.draws.reduce((sum, draw) => sum + Math.min(draw.questionCount, draw.availableCount), 0);
  return (
    <Dialog
      title={t('preview.title', { title: quiz.title })}
      description={t('preview.description')}
      closeLabel={t('preview.close')}
      onClose={onClose}
      size="lg"
    >
      <div className="flex flex-col gap-6">
        {quiz.description && <p className="text-sm text-muted-foreground">{quiz.description}</p>}
        {quiz.questions.map((question, index) => (
          <QuestionView
            key={question.id}
            number={index + 1}
            question={question}
            answer={answers[question.id]}
            onAnswer={(answer) => setAnswers((current) => ({ ...current, [question.id]: answer }))}
          />
        ))}
        {drawn > 0 && <p className="text-sm text-muted-foreground">{t('preview.draws', { count: drawn })}</p>}
      </div>
    </Dialog>
  );
}
