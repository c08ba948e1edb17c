// A reporter that prints a failed test's error context (the page's accessibility snapshot at the
// failure) into the run's output: CI keeps only what a run prints, not test-results/.
import { readFile } from 'node:fs/promises';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Enough for a page's snapshot; a longer one is cut with a note. */
const LIMIT = 12_000;

export default class PrintErrorContext implements Reporter {
  async onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context' || !attachment.path) continue;
      const text = await readFile(attachment.path, 'utf8').catch(() => null);
      if (text === null) continue;
      // The error itself is in the list reporter's output already: the page's snapshot is what CI lacks.
      const start = text.indexOf('```yaml');
      const end = start < 0 ? -1 : text.indexOf('```', start + 7);
      const page = start < 0 ? text : text.slice(start, end < 0 ? undefined : end + 3);
      const shown = page.length > LIMIT ? `${page.slice(0, LIMIT)}\n… (${page.length - LIMIT} more characters)` : page;
      process.stdout.write(`\n── error context of "${test.title}" ──\n${shown}\n── end of error context ──\n`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
