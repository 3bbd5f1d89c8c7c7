import { createRequire } from 'node:module';

/*
 * Packages that only some requests or settings need (spreadsheets, PDFs, charts, images, S3, Redis,
 * SMTP, layout files, metrics) are loaded on their first use, not at start: loaded eagerly they were
 * most of a start's module loading (issue 33's second `npm start` under 3 s). Every one of them is
 * CommonJS, so a synchronous require keeps the callers as they are. The types still come from
 * `import type`, which costs nothing at run time.
 */
const requireAt = createRequire(import.meta.url);

/** A getter that loads the package on its first call and returns the same module after. */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireAt(name) as T);
}
