import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { TabList } from '@/components/ui/tab-list';
import { WebhookEndpointSettings } from '@/features/funding-webhooks/components/webhook-endpoint-settings';
import { WebhookLogList } from '@/features/funding-webhooks/components/webhook-log-list';
import { WebhookLogsPanel } from '@/features/funding-webhooks/components/webhook-logs-panel';
import { useTabs } from '@/hooks/use-tabs';

const TABS = ['logs', 'endpoints'] as const;
type Tab = (typeof TABS)[number];

/** SPEC 2: the admin screen of the funding platform's webhook logs, with each organisation's receiver. */
export default function AdminFundingWebhooksRoute() {
  const { t } = useTranslation('fundingWebhooks');
  const [tab, setTab] = useState<Tab>('logs');
  const tabs = useTabs(TABS, tab, setTab);
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <TabList
          label={t('tabs.label')}
          tabs={TABS}
          selected={tab}
          tabsState={tabs}
          getTabLabel={(value) => t(`tabs.${value}`)}
        />
        <WebhookLogsPanel />
      </div>
      <div {...tabs.getPanelProps(tab)}>
        {tab === 'logs' ? <WebhookLogList /> : <WebhookEndpointSettings />}
      </div>
    </>
  );
}
