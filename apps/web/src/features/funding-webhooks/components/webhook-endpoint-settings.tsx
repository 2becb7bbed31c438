import { AddTrainingReferenceInputSchema } from '@cursus/contracts';
import { Copy, Eye, EyeOff, KeyRound, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { getErrorMessage } from '@/lib/error-message';
import { translateFieldError, zodFormOptions } from '@/lib/form-errors';
import { notify } from '@/lib/toast';
import {
  useAddReference,
  useOrganizationCourses,
  useRemoveReference,
  useRevealSecret,
  useRotateSecret,
  useWebhookEndpoint,
  useWebhookOrganizations,
} from '../api/funding-webhooks';
import { useWebhookFormat } from './webhook-labels';

/** The secret, once revealed or created, stays on screen until hidden or another organisation is chosen. */
function SecretCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('fundingWebhooks');
  const format = useWebhookFormat();
  const endpoint = useWebhookEndpoint(organizationId);
  const reveal = useRevealSecret(organizationId);
  const rotate = useRotateSecret(organizationId);
  const [secret, setSecret] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const secretId = useId();

  if (endpoint.isPending)
    return <SkeletonCards label={t('endpoint.loading')} count={1} bars={['w-2/3', 'w-1/2']} />;
  if (endpoint.isError)
    return (
      <LoadErrorAlert
        error={endpoint.error}
        title={t('endpoint.error')}
        retryLabel={t('retry')}
        onRetry={() => endpoint.refetch()}
      />
    );
  const { data } = endpoint;
  const url = new URL(data.path, window.location.origin).toString();
  const runRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (answer) => {
        setIsConfirming(false);
        setSecret(answer.secret);
        notify.success(t('endpoint.rotated'));
      },
      onError: (error) => notify.error(getErrorMessage(error)),
    });

  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <CardTitle>{t('endpoint.url')}</CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          <code className="rounded-md bg-muted px-2 py-1 text-sm break-all">{url}</code>
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              navigator.clipboard.writeText(url).then(
                () => notify.success(t('endpoint.copied')),
                (error: unknown) => notify.error(getErrorMessage(error)),
              )
            }
          >
            <Copy aria-hidden="true" className="size-4" />
            {t('endpoint.copy')}
          </Button>
        </div>
        <CardDescription>
          {data.lastDeliveryAt
            ? t('endpoint.lastDelivery', { date: format.dateTime(data.lastDeliveryAt) })
            : t('endpoint.noDelivery')}
        </CardDescription>
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">{t('endpoint.secretTitle')}</h3>
        {data.isConfigured && data.rotatedAt ? (
          <p className="text-sm text-muted-foreground">
            {t('endpoint.rotatedAt', { date: format.dateTime(data.rotatedAt) })}
          </p>
        ) : (
          <Alert variant="warning">{t('endpoint.notConfigured')}</Alert>
        )}
        {secret && (
          <div className="flex flex-col gap-1">
            <label htmlFor={secretId} className="text-sm font-medium">
              {t('endpoint.secretLabel')}
            </label>
            <Input
              id={secretId}
              readOnly
              value={secret}
              className="font-mono"
              onFocus={(event) => event.target.select()}
            />
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {data.isConfigured &&
            (secret ? (
              <Button variant="secondary" onClick={() => setSecret(null)}>
                <EyeOff aria-hidden="true" className="size-4" />
                {t('endpoint.hide')}
              </Button>
            ) : (
              <Button
                variant="secondary"
                isLoading={reveal.isPending}
                onClick={() =>
                  reveal.mutate(undefined, {
                    onSuccess: (answer) => setSecret(answer.secret),
                    onError: (error) => notify.error(getErrorMessage(error)),
                  })
                }
              >
                <Eye aria-hidden="true" className="size-4" />
                {t('endpoint.reveal')}
              </Button>
            ))}
          <Button
            variant={data.isConfigured ? 'ghost' : 'primary'}
            isLoading={!data.isConfigured && rotate.isPending}
            onClick={() => (data.isConfigured ? setIsConfirming(true) : runRotate())}
          >
            <KeyRound aria-hidden="true" className="size-4" />
            {data.isConfigured ? t('endpoint.rotate') : t('endpoint.create')}
          </Button>
        </div>
      </div>
      {isConfirming && (
        <ConfirmDialog
          title={t('endpoint.rotateTitle')}
          description={t('endpoint.rotateDescription')}
          confirmLabel={t('endpoint.rotate')}
          isPending={rotate.isPending}
          onClose={() => setIsConfirming(false)}
          onConfirm={runRotate}
        />
      )}
    </Card>
  );
}

function ReferencesCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('fundingWebhooks');
  const endpoint = useWebhookEndpoint(organizationId);
  const courses = useOrganizationCourses(organizationId);
  const add = useAddReference(organizationId);
  const remove = useRemoveReference(organizationId);
  const [reference, setReference] = useState('');
  const [courseId, setCourseId] = useState('');
  const [errors, setErrors] = useState<{ reference?: string; courseId?: string }>({});
  const [removing, setRemoving] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AddTrainingReferenceInputSchema.safeParse({ reference, courseId }, zodFormOptions);
    if (!parsed.success) {
      const messageOf = (field: string) =>
        translateFieldError(parsed.error.issues.find((issue) => issue.path[0] === field)?.message);
      setErrors({ reference: messageOf('reference'), courseId: messageOf('courseId') });
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        setReference('');
        setCourseId('');
        notify.success(t('endpoint.added'));
      },
      // A reference already in use: said on its field.
      onError: (error) => setErrors({ reference: getErrorMessage(error) }),
    });
  };

  const references = endpoint.data?.references ?? [];
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle>{t('endpoint.referencesTitle')}</CardTitle>
        <CardDescription>{t('endpoint.referencesDescription')}</CardDescription>
      </div>
      {references.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('endpoint.noReferences')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {references.map((item) => (
            <li
              key={item.reference}
              className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
            >
              <span className="flex flex-col">
                <code className="font-medium break-all">{item.reference}</code>
                <span className="text-muted-foreground">{item.courseTitle}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('endpoint.removeLabel', { reference: item.reference })}
                onClick={() => setRemoving(item.reference)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('endpoint.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={submit} noValidate>
        <Field label={t('endpoint.reference')} error={errors.reference}>
          {(control) => (
            <Input
              {...control}
              value={reference}
              maxLength={200}
              onChange={(event) => setReference(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('endpoint.course')} error={errors.courseId}>
          {(control) => (
            <Select {...control} value={courseId} onChange={(event) => setCourseId(event.target.value)}>
              <option value="">{t('endpoint.chooseCourse')}</option>
              {(courses.data?.items ?? []).map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" isLoading={add.isPending}>
          <Plus aria-hidden="true" className="size-4" />
          {t('endpoint.add')}
        </Button>
      </form>
      {removing && (
        <ConfirmDialog
          title={t('endpoint.removeTitle', { reference: removing })}
          description={t('endpoint.removeDescription')}
          confirmLabel={t('endpoint.remove')}
          isPending={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing, {
              onSuccess: () => {
                setRemoving(null);
                notify.success(t('endpoint.removed'));
              },
              onError: (error) => notify.error(getErrorMessage(error)),
            })
          }
        />
      )}
    </Card>
  );
}

/** Each organisation's receiver: the address to give the platform, its secret, its training references. */
export function WebhookEndpointSettings() {
  const { t } = useTranslation('fundingWebhooks');
  const organizations = useWebhookOrganizations();
  const [organizationId, setOrganizationId] = useState('');
  const selectId = useId();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex max-w-md flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium">
          {t('endpoint.organization')}
        </label>
        <Select
          id={selectId}
          value={organizationId}
          onChange={(event) => setOrganizationId(event.target.value)}
        >
          <option value="">{t('endpoint.chooseOrganization')}</option>
          {(organizations.data?.items ?? []).map((organization) => (
            <option key={organization.id} value={organization.id}>
              {organization.name}
            </option>
          ))}
        </Select>
      </div>
      {organizationId ? (
        // Keyed: a revealed secret never stays on screen under another organisation's name.
        <div key={organizationId} className="grid gap-6 lg:grid-cols-2">
          <SecretCard organizationId={organizationId} />
          <ReferencesCard organizationId={organizationId} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('endpoint.chooseHint')}</p>
      )}
    </div>
  );
}
