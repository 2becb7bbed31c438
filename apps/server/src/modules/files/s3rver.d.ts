/** The part of s3rver (a local S3-compatible server, tests only) that s3-storage.test.ts uses. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
