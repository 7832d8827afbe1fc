import { afterAll } from 'vitest';

/**
 * Dates read as an en-US reader in UTC sees them ("Jul 31, 2026"), whatever the machine's locale
 * and zone, for tests that write formatted dates out. Import it before anything from src: the
 * app's formatters are made when src/lib/format.ts loads.
 */
const Real = Intl.DateTimeFormat;
class UtcReaderDateTimeFormat extends Real {
  constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
    super(locales ?? 'en-US', { timeZone: 'UTC', ...options });
  }
}
Intl.DateTimeFormat = UtcReaderDateTimeFormat as typeof Intl.DateTimeFormat;
afterAll(() => {
  Intl.DateTimeFormat = Real;
});
