/**
 * Zod's built-in issue texts ('Too big: expected string to have <=100000 characters') in the tone of the
 * spec's field messages ('The transcript is too long (at most 100,000 characters)'). A message a schema sets
 * itself (the spec's 'Name is required', 'Invalid email address') is kept as it is.
 */

/** A zod issue as the schema validation reports it: its code, message and path, with the issue's details. */
export interface ValidationIssue {
  code: string;
  message?: string;
  path: readonly PropertyKey[];
  [detail: string]: unknown;
}

/** The openings of zod's own English texts (zod/v4/locales/en); a schema's own message starts otherwise. */
const ZOD_TEXT =
  /^(Invalid input|Invalid option:|Invalid string:|Invalid number:|Too big:|Too small:|Unrecognized key)/;

/** 'patient_info.phoneNumber' → 'The phone number'; no path → 'The request'. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((part) => typeof part === 'string' && !/^\d+$/.test(part));
  if (typeof name !== 'string') return 'The request';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/\bid\b/g, 'ID');
  return `The ${words}`;
}

const count = (value: unknown) => Number(value).toLocaleString('en-US');
const UNITS: Record<string, string> = { string: 'characters', array: 'items', set: 'items', file: 'bytes' };

function sizeMessage(issue: ValidationIssue, label: string): string | undefined {
  const big = issue.code === 'too_big';
  const limit = count(big ? issue.maximum : issue.minimum);
  const origin = String(issue.origin ?? '');
  const unit = UNITS[origin];
  if (issue.exact) return `${label} must have exactly ${limit} ${unit ?? ''}`.trimEnd();
  if (unit) {
    if (!big && Number(issue.minimum) === 1 && issue.inclusive) return `${label} is required`;
    const bound = `${big ? 'at most' : 'at least'} ${limit}`;
    if (origin === 'string') return `${label} is too ${big ? 'long' : 'short'} (${bound} ${unit})`;
    return `${label} has too ${big ? 'many' : 'few'} ${unit} (${bound})`;
  }
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    const bound = big
      ? `${issue.inclusive ? 'at most' : 'less than'} ${limit}`
      : `${issue.inclusive ? 'at least' : 'more than'} ${limit}`;
    return `${label} is too ${big ? 'large' : 'small'} (${bound})`;
  }
  if (origin === 'date') return `${label} is too ${big ? 'late' : 'early'}`;
  return undefined;
}

function translate(issue: ValidationIssue, label: string): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.message?.endsWith('received undefined') ? `${label} is required` : `${label} is not valid`;
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue, label);
    case 'invalid_value': {
      const values = Array.isArray(issue.values) ? issue.values.map(String) : [];
      if (values.length === 1) return `${label} must be ${values[0]}`;
      return values.length > 0 ? `${label} must be one of: ${values.join(', ')}` : undefined;
    }
    case 'invalid_format':
      return `${label} is not in the right format`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${count(issue.divisor)}`;
    case 'unrecognized_keys': {
      const keys = Array.isArray(issue.keys) ? issue.keys.map(String) : [];
      return `${label} has ${keys.length > 1 ? 'fields' : 'a field'} it does not take: ${keys.join(', ')}`;
    }
    default:
      return undefined;
  }
}

/**
 * Zod's 'Invalid ISO datetime', 'Invalid UUID'. Its 'Invalid email address' is plain already (and the spec's own
 * text), and a pattern's failure reads 'Invalid string: …' (above), so those two are left out.
 */
const isFormatDefault = (issue: ValidationIssue) =>
  issue.code === 'invalid_format' &&
  issue.format !== 'email' &&
  issue.format !== 'regex' &&
  /^Invalid [\w .-]+$/.test(issue.message ?? '');

/** What to tell a person about one failed check. */
export function validationMessage(issue: ValidationIssue): string {
  const label = fieldLabel(issue.path);
  if (!issue.message) return `${label} is not valid`;
  if (!ZOD_TEXT.test(issue.message) && !isFormatDefault(issue)) return issue.message;
  // The whole body missing or not an object.
  if (issue.path.length === 0 && issue.code === 'invalid_type')
    return 'The request body must be a JSON object.';
  return translate(issue, label) ?? `${label} is not valid`;
}
