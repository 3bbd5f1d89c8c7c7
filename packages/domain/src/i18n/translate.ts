import type { Language } from '../constants';
import { api as es } from './api/es';
import { api as en } from './api/en';
import { api as it } from './api/it';

const catalogues = { es, en, it } as const;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the API catalogue, e.g. 'auth.tokenNotValid'. */
export type ApiMessageKey = Leaves<typeof es>;

function lookup(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function isApiMessageKey(key: string): key is ApiMessageKey {
  return lookup(es, key) !== undefined;
}

/** Same `{{name}}` interpolation as i18next, so the web app can load these catalogues unchanged. */
export function translate(
  language: Language,
  key: ApiMessageKey,
  params: Record<string, string | number> = {},
): string {
  const text = lookup(catalogues[language], key) ?? lookup(es, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
