/**
 * A worker that the page's head starts (renderer/App.tsx), named by the page's locale: it makes the
 * Intl formatters that the boot makes (shared/format.ts). A renderer's first Intl call loads ICU's
 * data for the whole process: about 50 ms of the main thread here in one task, several times that
 * on a phone. Made first on this worker's thread, while the page is parsed and painted, the boot's
 * own formatters then cost a fraction of a millisecond. No import and no export: built as a file of
 * its own (vite.config.ts) and started as a classic worker.
 */
{
  const locale = self.name || 'nl-BE';
  try {
    Intl.NumberFormat.supportedLocalesOf(locale);
    Intl.DateTimeFormat.supportedLocalesOf(locale);
    new Intl.NumberFormat(locale).format(1.5);
    new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 0 }).format(1);
    new Intl.PluralRules(locale).select(1);
    new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(0);
  } finally {
    self.close();
  }
}
