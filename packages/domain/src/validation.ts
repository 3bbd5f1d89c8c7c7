import type { z } from 'zod';
import type { Language } from './constants';
import { isApiMessageKey, translate } from './i18n/translate';

export type FieldErrors = Record<string, string[]>;

type Issue = z.core.$ZodIssue;

/**
 * Turns one zod issue into a sentence in the user's language. Custom refinements carry an API
 * catalogue key as their message (e.g. 'auth.passwordsDiffer'), so they translate too.
 */
export function issueMessage(issue: Issue, language: Language): string {
  switch (issue.code) {
    case 'invalid_type':
      // Issues rebuilt from a server validation error carry no input; zod's own message tells.
      if ('input' in issue ? issue.input === undefined : /received undefined/.test(issue.message ?? ''))
        return translate(language, 'validation.required');
      if (issue.expected === 'int') return translate(language, 'validation.notInteger');
      return translate(language, 'validation.invalidType', { expected: issue.expected });
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string')
        return minimum <= 1
          ? translate(language, 'validation.required')
          : translate(language, 'validation.tooShortString', { minimum });
      if (issue.origin === 'array' || issue.origin === 'set')
        return minimum <= 1
          ? translate(language, 'validation.required')
          : translate(language, 'validation.tooFewItems', { minimum });
      return translate(language, 'validation.tooSmallNumber', { minimum });
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return translate(language, 'validation.tooLongString', { maximum });
      if (issue.origin === 'array' || issue.origin === 'set')
        return translate(language, 'validation.tooManyItems', { maximum });
      return translate(language, 'validation.tooBigNumber', { maximum });
    }
    case 'invalid_format':
      return issue.format === 'email'
        ? translate(language, 'validation.invalidEmail')
        : translate(language, 'validation.invalidFormat');
    case 'invalid_value':
      return translate(language, 'validation.invalidChoice', { options: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return translate(language, 'validation.unknownField');
    default:
      return isApiMessageKey(issue.message) ? translate(language, issue.message) : translate(language, 'validation.invalid');
  }
}

function addError(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** DRF-style field errors: `{ field: [messages], non_field_errors: [...] }`. */
export function issuesToFieldErrors(issues: readonly Issue[], language: Language): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const prefix = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) addError(errors, prefix ? `${prefix}.${key}` : key, issueMessage(issue, language));
      continue;
    }
    addError(errors, prefix || 'non_field_errors', issueMessage(issue, language));
  }
  return errors;
}
