/**
 * Finds NUL (U+0000) in any text of a parsed request or message, keys included (a key is text that
 * may end up stored): PostgreSQL cannot store it (decision 041; lib/http/nul-guard.ts).
 */

/** The dotted path of the first string or key holding NUL in `value`, or null; iterative, any depth. */
export function findNulText(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, where] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return where;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) stack.push([item[i], `${where}.${i}`]);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return where;
        stack.push([child, `${where}.${key}`]);
      }
    }
  }
  return null;
}
