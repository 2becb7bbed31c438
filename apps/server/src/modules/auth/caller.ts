/** What a route hands the service about the caller: never a password, never a cookie's value. */
export interface Caller {
  ip: string;
  headers: Headers;
  /** The device cookie's token (device-tokens.ts): this browser signed in to an account before. */
  device?: string;
}
