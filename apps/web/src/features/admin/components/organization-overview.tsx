import type { AdminOrganizationDetail } from '@cursus/contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { AdminFormat } from './format';
import { useAdminFormat } from './format';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold text-foreground">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** Terms and their values; a missing value reads 'not given'. */
function Facts({ facts }: { facts: { term: string; value: ReactNode }[] }) {
  const { t } = useTranslation('admin');
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {facts.map(({ term, value }) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="text-foreground">
            {value ?? <span className="text-muted-foreground">{t('overview.notGiven')}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const fact = (term: string, value: ReactNode) => ({ term, value });

function address(legal: AdminOrganizationDetail['legal']): string | null {
  const city = [legal.postalCode, legal.city].filter(Boolean).join(' ');
  const parts = [legal.addressLine, city, legal.country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

function Qualiopi({ detail, format }: { detail: AdminOrganizationDetail; format: AdminFormat }) {
  const { t } = useTranslation('admin');
  const { qualiopi } = detail;
  return (
    <Facts
      facts={[
        fact(t('overview.qualiopi.number'), qualiopi.number),
        fact(t('overview.qualiopi.issuer'), qualiopi.issuer),
        fact(
          t('overview.qualiopi.validUntil'),
          qualiopi.validUntil ? (
            <span className="flex flex-wrap items-center gap-2">
              {format.day(qualiopi.validUntil)}
              <Badge variant={qualiopi.isExpired ? 'danger' : 'success'}>
                {t(qualiopi.isExpired ? 'overview.qualiopi.expired' : 'overview.qualiopi.valid')}
              </Badge>
            </span>
          ) : null,
        ),
      ]}
    />
  );
}

/** The overview tab: legal info, Qualiopi, figures and the newest events. */
export function OrganizationOverview({ detail }: { detail: AdminOrganizationDetail }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const { legal, figures } = detail;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <Section title={t('overview.figures.title')}>
        <Facts
          facts={[
            fact(t('overview.figures.trainers'), format.number(figures.trainers)),
            fact(
              t('overview.figures.learners'),
              t('overview.figures.learnersValue', {
                total: format.number(figures.learners),
                count: figures.activeLearners,
                formatted: format.number(figures.activeLearners),
              }),
            ),
            fact(
              t('overview.figures.formations'),
              t('overview.figures.formationsValue', {
                published: format.counted('published', figures.publishedCourses),
                draft: format.counted('drafts', figures.draftCourses),
              }),
            ),
            fact(t('overview.figures.enrolments'), format.number(figures.enrolments)),
            fact(
              t('overview.figures.progress'),
              figures.averageProgress === null ? null : t('percent', { value: figures.averageProgress }),
            ),
            fact(t('overview.figures.pendingQuestions'), format.number(figures.pendingQuestions)),
            fact(t('overview.figures.monthTime'), format.duration(figures.monthSeconds)),
            fact(t('overview.figures.createdAt'), format.date(detail.createdAt)),
          ]}
        />
      </Section>
      <Section title={t('overview.qualiopi.title')}>
        <Qualiopi detail={detail} format={format} />
      </Section>
      <Section title={t('overview.legal.title')}>
        <Facts
          facts={[
            fact(t('overview.legal.siret'), legal.siret),
            fact(t('overview.legal.activityDeclarationNumber'), legal.activityDeclarationNumber),
            fact(t('overview.legal.vatNumber'), legal.vatNumber),
            fact(t('overview.legal.address'), address(legal)),
            fact(
              t('overview.legal.representative'),
              legal.legalRepresentativeName
                ? [legal.legalRepresentativeName, legal.legalRepresentativeTitle].filter(Boolean).join(', ')
                : null,
            ),
          ]}
        />
      </Section>
      <Section title={t('overview.activity.title')}>
        {detail.recentActivity.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('overview.activity.empty')}</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border text-sm">
            {detail.recentActivity.map((event) => (
              <li key={`${event.kind}-${event.at}-${event.label}`} className="flex flex-col gap-0.5 py-2">
                <span className="text-foreground">
                  {t(`overview.activity.kinds.${event.kind}`, {
                    label: event.label,
                    detail: event.detail ?? '',
                  })}
                </span>
                <time dateTime={event.at} className="text-xs text-muted-foreground">
                  {format.dateTime(event.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}
