import { authToken } from '../auth-token.ts';
import { queryClient } from '../query-client.ts';

/**
 * Whenever the session changes (sign-in, sign-out, here or in another tab), cached answers belong to
 * someone else: drop them, except the public config, which is the same for everyone.
 */
export function watchSessionChanges(): () => void {
  let previous = authToken.get();
  return authToken.subscribe(() => {
    const current = authToken.get();
    if (current === previous) return;
    previous = current;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
  });
}
