/**
 * What an administrator's command is: two words, zod-checked flags, and a call to a feature's
 * service with the server's AppContext, like an endpoint. Features define theirs with
 * `defineAdminCommand` in `<feature>/<feature>.admin.ts`; admin/admin-commands.ts lists them.
 */
import type { z } from 'zod';
import type { AppContext } from './context.ts';

export interface AdminCommand<S extends z.ZodObject = z.ZodObject> {
  /** the two words that name it: ['operator', 'create'] */
  words: readonly [string, string];
  summary: string;
  /** its flags: `--unique-id U` arrives as `uniqueId: 'U'`; every value is a string to be coerced */
  flags: S;
  /** the flags that stand alone, with no value after them (`--supervisor`): each arrives as 'true' */
  switches?: readonly string[];
  /** what it prints, one line each */
  run(ctx: AppContext, input: z.output<S>): Promise<string[]>;
}

export function defineAdminCommand<S extends z.ZodObject>(command: AdminCommand<S>): AdminCommand {
  return command as unknown as AdminCommand;
}
