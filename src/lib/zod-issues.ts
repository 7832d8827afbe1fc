import { z } from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini carries no error messages of its own (every issue would read "Invalid input"). The app
 * shows validation problems to the user ("data[3].id: expected int, received number"), so the
 * English messages are switched on here, by the one module that turns issues into a sentence.
 * Pure: the browser and the Node server both use it.
 */
z.config(en());

const MAX_ISSUES_SHOWN = 3;

/** `data[3].tickers[0].exchange: expected string, received number; …` */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => {
    const where = formatPath(issue.path);
    const what = issue.message.replace(/^Invalid input: /, '');
    return where ? `${where}: ${what}` : what;
  });
  const more = issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')} (and ${more} more)` : shown.join('; ');
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${String(segment)}` : String(segment);
  }
  return out;
}
