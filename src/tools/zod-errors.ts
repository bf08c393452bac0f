import type * as z from 'zod';

/** Words a schema failure as `field: problem; field: problem` for an agent to act on. */
export function describeZodError(err: z.ZodError): string {
  const parts = err.issues.slice(0, 5).map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'arguments';
    return `${field}: ${describeIssue(issue)}`;
  });
  if (err.issues.length > 5) parts.push(`and ${err.issues.length - 5} more problems`);
  return parts.join('; ');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    case 'invalid_type':
      return describeType([issue.expected], issue.message);
    case 'invalid_union': {
      const expected = issue.errors.flatMap((branch) =>
        branch.filter((i) => i.code === 'invalid_type' && i.path.length === 0).map((i) => (i as z.core.$ZodIssueInvalidType).expected),
      );
      return expected.length > 0 ? describeType(expected, issue.errors[0][0]?.message ?? '') : 'does not match any accepted form';
    }
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return issue.message;
  }
}

/** zod 4 does not keep the input; its message ends with "received <type>". */
function describeType(expected: readonly string[], message: string): string {
  const wanted = expected.length === 1 ? expected[0] : `${expected.slice(0, -1).join(', ')} or ${expected[expected.length - 1]}`;
  const received = /received (\w+)/.exec(message)?.[1];
  if (received === undefined || received === 'undefined') return `required (${wanted})`;
  return `expected ${wanted}, got ${received}`;
}
