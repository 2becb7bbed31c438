import 'i18next';
import type { resources } from '@/locales/resources';

// Typed keys: a missing or misspelt translation key fails `tsc`, French being the reference locale.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['fr'];
    returnNull: false;
  }
}
