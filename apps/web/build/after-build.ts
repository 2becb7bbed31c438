import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * A build step that works on the written output: it runs after every other plugin has written its
 * files (vite-plugin-pwa's sw.js among them), in the order the plugins are listed.
 */
export function afterBuildWritten(name: string, work: (dist: string, root: string) => void): Plugin {
  let config: ResolvedConfig;
  return {
    name,
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        work(path.resolve(config.root, config.build.outDir), config.root);
      },
    },
  };
}
