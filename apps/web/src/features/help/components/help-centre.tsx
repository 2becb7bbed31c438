import { BookOpen, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { TabList } from '@/components/ui/tab-list';
import { paths } from '@/config/paths';
import { useTabs } from '@/hooks/use-tabs';
import { cn } from '@/lib/cn';
import { FaqList } from './faq-list';
import { SupportContact } from './support-contact';
import { useFaqEntries } from './use-faq-entries';

const TABS = ['faq', 'knowledgeBase', 'tutorials', 'contact'] as const;
export type HelpCentreTab = (typeof TABS)[number];
type Tab = HelpCentreTab;

export function isHelpCentreTab(value: string | null): value is HelpCentreTab {
  return TABS.includes(value as HelpCentreTab);
}

/** First tasks, each with the page where it happens. */
function getTutorials(profileHref: string) {
  return [
    { id: 'signIn', href: '/auth?mode=signin' },
    { id: 'assignStudent', href: '/assign-organization' },
    { id: 'languageTheme', href: profileHref },
    { id: 'password', href: profileHref },
    { id: 'organizationIdentity', href: paths.trainer.settings.getHref() },
    { id: 'legalInfo', href: paths.trainer.legalInfo.getHref() },
  ] as const;
}

function KnowledgeBasePanel() {
  const { t } = useTranslation('help');
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('knowledgeBase.intro')}</p>
      <ul className="flex flex-col gap-2 text-sm">
        <li className="flex items-center gap-2 text-foreground">
          <BookOpen aria-hidden="true" className="size-4 text-primary" />
          {t('knowledgeBase.learner')}
        </li>
        <li className="flex items-center gap-2 text-foreground">
          <BookOpen aria-hidden="true" className="size-4 text-primary" />
          {t('knowledgeBase.trainer')}
        </li>
      </ul>
      <Link to="/knowledge-base" className={cn(buttonClassName('secondary', 'sm'), 'self-start')}>
        {t('knowledgeBase.open')}
      </Link>
    </div>
  );
}

function TutorialsPanel({ profileHref }: { profileHref: string }) {
  const { t } = useTranslation('help');
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {getTutorials(profileHref).map((tutorial) => {
        const steps = t(`tutorials.${tutorial.id}.steps`, { returnObjects: true }) as string[];
        return (
          <section
            key={tutorial.id}
            className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
          >
            <h3 className="font-semibold text-foreground">{t(`tutorials.${tutorial.id}.title`)}</h3>
            <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <Link
              to={tutorial.href}
              className={cn(
                'inline-flex items-center gap-1 self-start text-sm text-primary underline',
                FOCUS_RING,
              )}
            >
              {t('tutorials.open')}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t(`tutorials.${tutorial.id}.title`)}</span>
            </Link>
          </section>
        );
      })}
    </div>
  );
}

function ContactPanel() {
  const { t } = useTranslation('help');
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('contact.intro')}</p>
      <SupportContact />
    </div>
  );
}

function FaqPanel() {
  return <FaqList entries={useFaqEntries('staff')} />;
}

const PANELS: Record<Tab, (props: { profileHref: string }) => React.JSX.Element> = {
  faq: FaqPanel,
  knowledgeBase: KnowledgeBasePanel,
  tutorials: TutorialsPanel,
  contact: ContactPanel,
};

/**
 * SPEC 2 help centre for people with an organisation: FAQ, knowledge base, tutorials and contact in
 * WAI-ARIA tabs (arrow keys, Home and End move between tabs and select them).
 */
export interface HelpCentreProps {
  profileHref: string;
  /** The tab shown first, e.g. contact when someone came to ask a question. */
  initialTab?: Tab;
}

export function HelpCentre({ profileHref, initialTab = 'faq' }: HelpCentreProps) {
  const { t } = useTranslation('help');
  const [selected, setSelected] = useState<Tab>(initialTab);
  const tabs = useTabs(TABS, selected, setSelected);

  const Panel = PANELS[selected];

  return (
    <div className="flex w-full max-w-4xl flex-col gap-6">
      <TabList
        label={t('centre.tabsLabel')}
        tabs={TABS}
        selected={selected}
        tabsState={tabs}
        getTabLabel={(tab) => t(`centre.tabs.${tab}`)}
        className="flex-wrap self-start"
      />
      <div {...tabs.getPanelProps(selected)} className={cn('rounded-lg', FOCUS_RING)}>
        <Panel profileHref={profileHref} />
      </div>
    </div>
  );
}
