/**
 * Keeps emotion's rules in this test file's document (jest.setup-jsdom.cjs leaves them out). For a
 * file whose tests read what CSS decides: a computed width, `toHaveStyle`, `toBeVisible` of an
 * element hidden by a class. Call it at the top of the file, before anything renders: emotion
 * inserts each rule once, and one left out is not inserted again.
 */
export function keepStyles(): void {
  (globalThis as { __hostdashKeepStyles?: boolean }).__hostdashKeepStyles = true;
}
