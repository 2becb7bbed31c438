import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * The button that opens the assistant: in every signed-in page's corner, light (the panel loads on
 * first use). Under the phone's navigation drawer and its backdrop (z-30, z-40 in app-layout.tsx),
 * which it covered beside "Sign out".
 */
export function AssistantLauncher({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('navigation');
  return (
    <Button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      className="fixed right-4 bottom-4 z-20 rounded-full shadow-lg print:hidden"
    >
      <Sparkles aria-hidden="true" className="size-4" />
      {t('assistant.open')}
    </Button>
  );
}
