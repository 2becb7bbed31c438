import type { Role } from '@cursus/contracts';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { AssistantLauncher } from '@/features/assistant/components/assistant-launcher';
import { getAssistantSpace } from '@/features/assistant/lib/chat-rules';
import { loadNamespaces } from '@/lib/i18n';

// Loaded, with its texts, the first time someone opens it: the signed-in frame carries the button only.
const AssistantPanel = lazy(async () => {
  const [{ AssistantPanel: Panel }] = await Promise.all([
    import('@/features/assistant/components/assistant-panel'),
    loadNamespaces(['assistant']),
  ]);
  return { default: Panel };
});

/** SPEC 2 AI assistant of the page's space (the learners' or the organisation's), for the signed-in frame. */
export function LazyAssistant({ role }: { role: Role }) {
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const space = getAssistantSpace(pathname, role);
  if (!space) return null;
  return (
    <>
      <AssistantLauncher
        onOpen={() => {
          setWasOpened(true);
          setIsOpen(true);
        }}
      />
      {wasOpened && (
        <Suspense fallback={null}>
          {/* One conversation per space: the other space's assistant starts its own. The frame
              renders this for a signed-in user only. */}
          <AssistantPanel
            key={space}
            space={space}
            isOpen={isOpen}
            isSignedIn
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
