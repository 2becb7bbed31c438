import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    attendance: true;
  }
}

export const attendanceKeys = {
  all: getDomainKey('attendance'),
  sheet: (sessionId: string) => [...attendanceKeys.all, 'sheet', sessionId] as const,
  qrCode: (slotId: string) => [...attendanceKeys.all, 'qr', slotId] as const,
  settings: () => [...attendanceKeys.all, 'settings'] as const,
  signing: (token: string) => [...attendanceKeys.all, 'signing', token] as const,
};
