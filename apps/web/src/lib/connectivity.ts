/** SPEC 4: going offline or online raises a toast (components/offline-banner.tsx) and this event. */
export const CONNECTIVITY_EVENT = 'cursus:connectivity';

export interface ConnectivityDetail {
  online: boolean;
}

declare global {
  interface WindowEventMap {
    [CONNECTIVITY_EVENT]: CustomEvent<ConnectivityDetail>;
  }
}

/** Tells the rest of the app (offline stores, timers) that the connection dropped or returned. */
export function dispatchConnectivityChange(online: boolean): void {
  window.dispatchEvent(new CustomEvent<ConnectivityDetail>(CONNECTIVITY_EVENT, { detail: { online } }));
}
