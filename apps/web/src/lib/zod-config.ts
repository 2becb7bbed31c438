/**
 * The CSP (apps/server/src/plugins/security.ts) allows no eval. zod 4 probes `new Function` the
 * first time it parses an object, and the refusal, although caught, is reported as a CSP violation
 * (Lighthouse best practices: "Issues logged in the Issues panel"). zod's `jitless` setting skips the
 * probe. zod reads its settings from this global when it loads, which is after the first screen
 * (issue 12), so they are set here, before any schema exists, without loading zod to call
 * `z.config({ jitless: true })`.
 */
const settings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
settings.__zod_globalConfig = { ...settings.__zod_globalConfig, jitless: true };
