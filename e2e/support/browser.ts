import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/**
 * Where Debian, Ubuntu and Google install Chromium; CHROME_PATH wins over all of them. Debian's
 * chromium-headless-shell comes first: the same engine without the browser's interface, it ran the
 * i18n journeys in 46 s against 60 s for the full browser, with a quarter less CPU (service worker,
 * offline and axe journeys included).
 */
const CANDIDATE_PATHS = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH points to ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  const found = CANDIDATE_PATHS.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      "Chromium not found: install Debian's chromium-headless-shell or chromium (apt-get install …) or set CHROME_PATH",
    );
  }
  return found;
}

/** The system Chromium, headless; the flags keep it from calling Google services during tests. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A journey's page lives seconds: V8's optimizing compilers spent more than they saved. Without
      // them Chromium used 57 s of CPU instead of 65 s for the routes and courses journeys (two runs each).
      '--js-flags=--no-opt --no-maglev',
    ],
  });
}
