/**
 * The administrator's commands (`npm run admin -- <group> <action> --flag value`): this registry
 * lists each feature's (its manifest's `admin`, app/features.ts) and runs one from its words, wherever it
 * runs: inside the live server (admin-socket.ts) or in the CLI's own process when no server is running
 * (admin-cli.ts). Either way it gets the server's AppContext.
 */
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AdminCommand } from '../../lib/admin-command.ts';
import { features } from '../features.ts';

const adminCommands: AdminCommand[] = features.flatMap((feature) => feature.admin ?? []);

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

export function adminUsage(): string[] {
  return [
    'Uso: npm run admin -- <grupo> <acción> [--opción valor ...]',
    '',
    ...adminCommands.map((command) => {
      const flags = Object.keys(command.flags.shape)
        .map((name) => (command.switches?.includes(name) ? `[--${kebab(name)}]` : `--${kebab(name)} …`))
        .join(' ');
      return `  ${command.words.join(' ')} ${flags}`.trimEnd() + `\n      ${command.summary}`;
    }),
  ];
}

/** Thrown for a command line that names no command or carries bad flags: the CLI prints it as is. */
export class AdminUsageError extends Error {}

function parseFlags(args: string[], switches: readonly string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!;
    const flag = camel(name.slice(2));
    if (name.startsWith('--') && switches.includes(flag)) {
      flags[flag] = 'true';
      i -= 1;
      continue;
    }
    const value = args[i + 1];
    if (!name.startsWith('--') || value === undefined || value.startsWith('--'))
      throw new AdminUsageError(`Opción mal formada cerca de "${name}": se espera --opción valor.`);
    flags[flag] = value;
  }
  return flags;
}

/** Runs the command named by `argv` (without `npm run admin --`) and returns the lines it prints. */
export async function runAdminCommand(ctx: AppContext, argv: string[]): Promise<string[]> {
  const [group, action, ...rest] = argv;
  const command = adminCommands.find((c) => c.words[0] === group && c.words[1] === action);
  if (!command)
    throw new AdminUsageError([`Comando desconocido: ${argv.join(' ')}`, '', ...adminUsage()].join('\n'));
  const parsed = command.flags.strict().safeParse(parseFlags(rest, command.switches ?? []));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const flag = issue.path.length ? `--${kebab(String(issue.path[0]))}` : '';
      const unknown =
        issue.code === 'unrecognized_keys' ? issue.keys.map((k) => `--${kebab(k)}`).join(', ') : '';
      return `  ${flag || unknown}: ${issue.message}`;
    });
    throw new AdminUsageError(['Opciones inválidas:', ...problems].join('\n'));
  }
  try {
    return await command.run(ctx, parsed.data);
  } catch (error) {
    // a refusal of the service is told as the panel would tell it; anything else is a real failure
    if (error instanceof AppError) throw new AdminUsageError(error.message);
    throw error;
  }
}
