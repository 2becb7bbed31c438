import { TOASTS } from '@cursus/contracts';
import { i18n } from '@/lib/i18n';

type Sonner = typeof import('sonner');

/*
 * sonner (about 9 KB gzipped) is not part of the first screen (issue 12): the Toaster loads it once
 * the page is idle, and the first toast loads it if that came sooner. The service worker precaches
 * its chunk like every other. A toast asked for while it cannot load (offline before it was ever
 * fetched) is dropped: a toast is never worth a crash.
 */
let loaded: Sonner | null = null;
let loading: Promise<Sonner | null> | undefined;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<Sonner | null> {
  loading ??= import('sonner').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    () => {
      loading = undefined;
      return null;
    },
  );
  return loading;
}

/** For the Toaster (useSyncExternalStore): sonner once it has loaded, else null. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const getLoadedToasts = (): Sonner | null => loaded;

/** sonner's Toaster only hears of toasts raised after it mounted: they wait for it. */
let isToasterMounted = false;
let resolveToasterMounted: () => void = () => undefined;
const toasterMounted = new Promise<void>((resolve) => {
  resolveToasterMounted = resolve;
});

export function markToasterMounted(): void {
  isToasterMounted = true;
  resolveToasterMounted();
}

/** At once when sonner is in and listening, which is nearly always; else once it is. */
function raise(show: (sonner: Sonner) => void): void {
  if (loaded && isToasterMounted) {
    show(loaded);
    return;
  }
  void loadToasts().then(async (sonner) => {
    if (!sonner) return;
    await toasterMounted;
    show(sonner);
  });
}

type ToastKind = 'success' | 'error' | 'info' | 'message';

const DURATION_MS: Record<ToastKind, number> = {
  success: TOASTS.successMs,
  error: TOASTS.errorMs,
  info: TOASTS.infoMs,
  message: TOASTS.defaultMs,
};

const recent: { title: string; description: string | undefined; at: number }[] = [];

/**
 * SPEC 5 de-duplication: the same title or description within 3 s is dropped, and at most 3 toasts
 * are raised in any 3 s window, so a failing screen cannot bury the page in identical errors.
 */
export function shouldShowToast(title: string, description: string | undefined, now: number): boolean {
  while (recent.length > 0 && now - recent[0]!.at >= TOASTS.dedupeWindowMs) recent.shift();
  const isDuplicate = recent.some(
    (entry) => entry.title === title || (description !== undefined && entry.description === description),
  );
  if (isDuplicate || recent.length >= TOASTS.maxVisible) return false;
  recent.push({ title, description, at: now });
  return true;
}

interface ToastAction {
  label: string;
  onClick: () => void;
}

function show(
  kind: ToastKind,
  title: string,
  description?: string,
  action?: ToastAction,
  durationMs = DURATION_MS[kind],
): void {
  if (!shouldShowToast(title, description, Date.now())) return;
  const options = { description, duration: durationMs, action };
  raise(({ toast }) => {
    if (kind === 'message') toast(title, options);
    else toast[kind](title, options);
  });
}

/**
 * A toast that stays until the user acts on it or closes it, such as SPEC 4's new-version prompt.
 * The fixed `id` keeps a single copy on screen however often it is raised.
 */
function showPersistent(id: string, title: string, action: ToastAction): void {
  if (!shouldShowToast(title, undefined, Date.now())) return;
  raise(({ toast }) => toast.info(title, { id, duration: Number.POSITIVE_INFINITY, action }));
}

/** SPEC 9 toasts with their per-kind durations. */
export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
  message: (title: string, description?: string) => show('message', title, description),
  /** SPEC 8: an error toast whose 'Réessayer' action reloads the page. */
  errorWithRetry: (title: string, description?: string) =>
    show('error', title, description, {
      label: i18n.t('common:actions.retry'),
      onClick: () => window.location.reload(),
    }),
  persistent: showPersistent,
  /** An error toast with its own duration and an action, such as SPEC 9's 10 s system alert toast. */
  errorWithAction: (title: string, description: string, action: ToastAction, durationMs: number) =>
    show('error', title, description, action, durationMs),
};

/** For tests: forget what was shown, and close what is still open (sonner shows it to the next Toaster). */
export function resetToastHistory(): void {
  recent.length = 0;
  loaded?.toast.dismiss();
}
