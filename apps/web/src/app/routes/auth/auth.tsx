import { type KeyboardEvent, lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { type AuthMode, getSignInDestination } from '@/config/paths';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { cn } from '@/lib/cn';
import { isClientErrorCode } from '@/lib/error-message';
import { getSafeRedirect } from '@/lib/safe-redirect';

const MODES: AuthMode[] = ['signin', 'signup'];

/** Sign-up and its form library load with its tab, not with the sign-in screen (issue 12). */
const SignUpForm = lazy(() =>
  import('@/features/auth/components/sign-up-form').then((module) => ({ default: module.SignUpForm })),
);

function AuthNotices({ signedUpEmail }: { signedUpEmail: string | null }) {
  const { t } = useTranslation(['auth', 'errors']);
  const [searchParams] = useSearchParams();
  const confirmError = searchParams.get('confirmError');
  return (
    <>
      {signedUpEmail && <Alert variant="info">{t('auth:signUp.checkEmail')}</Alert>}
      {searchParams.get('confirmed') === '1' && (
        <Alert variant="success">{t('auth:notices.emailConfirmed')}</Alert>
      )}
      {searchParams.get('passwordUpdated') === '1' && (
        <Alert variant="success">{t('auth:notices.passwordUpdated')}</Alert>
      )}
      {confirmError && (
        // The confirmation link failed on the server, which names the reason in the query.
        <Alert variant="error">
          {t(`errors:${isClientErrorCode(confirmError) ? confirmError : 'RESET_LINK_INVALID'}`)}
        </Alert>
      )}
    </>
  );
}

/** SPEC 2 /auth: sign-in and sign-up as two tabs, driven by ?mode= and returning to ?redirect=. */
export default function AuthRoute() {
  const { t } = useTranslation(['auth', 'common']);
  const auth = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  const id = useId();
  const mode: AuthMode = searchParams.get('mode') === 'signup' ? 'signup' : 'signin';

  if (auth.status === 'loading') return <FullPageSpinner label={t('common:loading')} />;
  if (auth.user) {
    // Also the way out after a successful sign-in: the session changes and this page re-renders.
    return (
      <Navigate
        to={getSafeRedirect(searchParams.get('redirect')) ?? getSignInDestination(auth.user.role)}
        replace
      />
    );
  }

  const selectMode = (next: AuthMode) => {
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('mode', next);
        return params;
      },
      { replace: true },
    );
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // WAI-ARIA tabs: arrows move between tabs, and the newly selected tab takes focus.
    if (
      event.key !== 'ArrowLeft' &&
      event.key !== 'ArrowRight' &&
      event.key !== 'Home' &&
      event.key !== 'End'
    )
      return;
    event.preventDefault();
    const index = MODES.indexOf(mode);
    const next =
      event.key === 'Home'
        ? MODES[0]!
        : event.key === 'End'
          ? MODES[MODES.length - 1]!
          : MODES[(index + (event.key === 'ArrowRight' ? 1 : MODES.length - 1)) % MODES.length]!;
    selectMode(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  const onSignedUp = (email: string) => {
    setSignedUpEmail(email);
    selectMode('signin');
  };

  return (
    <PublicLayout title={t('auth:page.title')} description={t('auth:page.subtitle')}>
      <div
        role="tablist"
        aria-label={t('auth:tabs.label')}
        className="mb-6 grid grid-cols-2 rounded-lg bg-muted p-1"
      >
        {MODES.map((tab) => (
          <button
            key={tab}
            id={`${id}-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={mode === tab}
            aria-controls={mode === tab ? `${id}-panel` : undefined}
            tabIndex={mode === tab ? 0 : -1}
            onClick={() => selectMode(tab)}
            onKeyDown={onTabKeyDown}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
              mode === tab
                ? 'bg-card text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
              FOCUS_RING,
            )}
          >
            {tab === 'signin' ? t('auth:tabs.signIn') : t('auth:tabs.signUp')}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${mode}`}
        className="flex flex-col gap-4"
      >
        {mode === 'signin' ? (
          <>
            <AuthNotices signedUpEmail={signedUpEmail} />
            <SignInForm key={signedUpEmail ?? ''} defaultEmail={signedUpEmail ?? ''} />
          </>
        ) : (
          <Suspense fallback={<Spinner label={t('common:loading')} className="self-center" />}>
            <SignUpForm onSignedUp={onSignedUp} />
          </Suspense>
        )}
      </div>
    </PublicLayout>
  );
}
