import { z } from 'zod';

/*
 * Imported first by every entry (main.tsx, the local database's worker), before any schema exists.
 * Zod decides when it builds an object schema whether to compile a parser with `new Function`, and
 * its probe for that is reported as a Content-Security-Policy violation (script-src has no
 * 'unsafe-eval', issue 31) even though it catches the refusal. Jitless, it never probes and
 * interprets instead. A call in main.tsx's body came too late: the imports had built the schemas.
 */
z.config({ jitless: true });
