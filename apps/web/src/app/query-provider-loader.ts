/** Set by a page that fetches nothing through the query cache (lazyPage's `withoutQueries`). */
export interface WithoutQueriesHandle {
  withoutQueries: true;
}

type QueryProviderModule = typeof import('./query-provider');

let loading: Promise<QueryProviderModule> | undefined;
let loaded: QueryProviderModule['default'] | undefined;

/** The query provider's module, loaded once: pages start it with their own code (lazyPage). */
export function loadQueryProvider(): Promise<QueryProviderModule> {
  loading ??= import('./query-provider').then(
    (module) => {
      loaded = module.default;
      return module;
    },
    (error: unknown) => {
      // Offline before it was ever fetched: the next page tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The provider once its module is in, to render it without suspending. */
export function getLoadedQueryProvider(): QueryProviderModule['default'] | undefined {
  return loaded;
}
