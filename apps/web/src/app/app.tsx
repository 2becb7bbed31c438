import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import type { createAppRouter } from './router';

export interface AppProps {
  /** Made before the first render (main.tsx), so the first page's code and data are already coming. */
  router: ReturnType<typeof createAppRouter>;
}

export function App({ router }: AppProps) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
