import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { TabList } from '@/components/ui/tab-list';
import { sendGuideFeedback } from '@/features/knowledge-base/api/send-guide-feedback';
import { useTabs } from '@/hooks/use-tabs';
import { cn } from '@/lib/cn';
import { PublicPage } from './public-page';

/** The browser remembers its answers to show them again; the server counts them per guide. */
export const KB_FEEDBACK_STORAGE_KEY = 'kb-feedback';

const AUDIENCES = ['learner', 'trainer'] as const;
type Audience = (typeof AUDIENCES)[number];
type Answer = 'yes' | 'no';
type FeedbackByGuide = Record<string, Answer>;

const PRESSED = 'aria-pressed:border-primary aria-pressed:bg-muted aria-pressed:font-semibold';

function readFeedback(): FeedbackByGuide {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KB_FEEDBACK_STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    // Keep only well-formed answers: the key is shared with whatever wrote it before.
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, Answer] => entry[1] === 'yes' || entry[1] === 'no',
      ),
    );
  } catch {
    return {};
  }
}

function saveFeedback(guideId: string, answer: Answer) {
  try {
    localStorage.setItem(KB_FEEDBACK_STORAGE_KEY, JSON.stringify({ ...readFeedback(), [guideId]: answer }));
  } catch {
    // Storage can be unavailable (private mode): the thank-you still shows for this visit.
  }
}

function GuideFeedback({ guideId }: { guideId: string }) {
  const { t } = useTranslation('legal');
  const [answer, setAnswer] = useState<Answer | undefined>(() => readFeedback()[guideId]);

  const choose = (next: Answer) => {
    saveFeedback(guideId, next);
    setAnswer(next);
    // The answer stays shown even if recording fails: a lost vote is not worth an error message.
    sendGuideFeedback({ guideId, helpful: next === 'yes' }).catch(() => {});
  };

  return (
    <div className="mt-2 flex flex-col gap-2 border-t border-border pt-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-foreground">
          {t('knowledgeBase.feedback.question')}
        </legend>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            size="sm"
            className={PRESSED}
            aria-pressed={answer === 'yes'}
            onClick={() => choose('yes')}
          >
            <ThumbsUp aria-hidden="true" className="size-4" />
            {t('knowledgeBase.feedback.yes')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className={PRESSED}
            aria-pressed={answer === 'no'}
            onClick={() => choose('no')}
          >
            <ThumbsDown aria-hidden="true" className="size-4" />
            {t('knowledgeBase.feedback.no')}
          </Button>
        </div>
      </fieldset>
      {/* Always rendered, so screen readers announce the thank-you when it appears. */}
      <p role="status" className="text-sm text-success-foreground">
        {answer === 'yes' && t('knowledgeBase.feedback.thanksYes')}
        {answer === 'no' && t('knowledgeBase.feedback.thanksNo')}
      </p>
    </div>
  );
}

function GuideList({ audience }: { audience: Audience }) {
  const { t } = useTranslation('legal');
  const guides = t(`knowledgeBase.guides.${audience}`, { returnObjects: true });
  return (
    <div className="flex flex-col gap-6">
      {Object.entries(guides).map(([key, guide]) => {
        const guideId = `${audience}.${key}`;
        const headingId = `guide-${audience}-${key}`;
        return (
          <Card
            as="article"
            padding="p-5 sm:p-6"
            isFlat
            key={guideId}
            aria-labelledby={headingId}
            className="flex flex-col gap-3"
          >
            <h2 id={headingId} className="text-xl font-semibold text-foreground">
              {guide.title}
            </h2>
            <ol
              aria-label={t('knowledgeBase.stepsLabel')}
              className="flex list-decimal flex-col gap-1.5 pl-6 leading-relaxed text-foreground marker:font-semibold"
            >
              {guide.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <GuideFeedback guideId={guideId} />
          </Card>
        );
      })}
    </div>
  );
}

/**
 * SPEC 2 /knowledge-base: learner and trainer guides in tabs (WAI-ARIA tabs pattern: arrow keys,
 * Home and End move between tabs and select them), each guide asking whether it helped.
 */
export default function KnowledgeBaseRoute() {
  const { t } = useTranslation('legal');
  const [selected, setSelected] = useState<Audience>('learner');
  const tabs = useTabs(AUDIENCES, selected, setSelected);

  return (
    <PublicPage page="knowledgeBase" title={t('knowledgeBase.title')} intro={t('knowledgeBase.intro')}>
      <div>
        <TabList
          label={t('knowledgeBase.tabsLabel')}
          tabs={AUDIENCES}
          selected={selected}
          tabsState={tabs}
          getTabLabel={(audience) => t(`knowledgeBase.tabs.${audience}`)}
        />
        {AUDIENCES.map((audience) => (
          <div
            key={audience}
            {...tabs.getPanelProps(audience)}
            hidden={selected !== audience}
            className={cn('mt-6 rounded-lg', FOCUS_RING)}
          >
            {selected === audience && <GuideList audience={audience} />}
          </div>
        ))}
      </div>
    </PublicPage>
  );
}
