import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import serverBoundaries from './server-boundaries.js';

const serverSrc = '/repo/apps/server/src';
const uses = { commands: ['devices'], lostphone: ['commands', 'devices'] };

/** the rule's messages for `code` in `file` (relative to the server's src) */
function lint(file, code, options = { serverSrc, uses }) {
  const linter = new Linter({ configType: 'flat', cwd: '/repo' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts'],
          plugins: { escudo: { rules: { 'server-boundaries': serverBoundaries } } },
          rules: { 'escudo/server-boundaries': ['error', options] },
        },
      ],
      { filename: path.join(serverSrc, file) },
    )
    .map((message) => message.message);
}

describe('the server folders rule', () => {
  it('lets a feature import lib, itself and the features listed for it', () => {
    const code = [
      "import { AppError } from '../../lib/app-error.ts';",
      "import { parseEnv } from '../../lib/env.ts';",
      "import { createCommand } from '../commands/commands.service.ts';",
      "import { findUserDevice } from '../devices/devices.service.ts';",
      "import { x } from './lost-mode-notice.ts';",
    ].join('\n');
    expect(lint('features/lostphone/lostphone.service.ts', code)).toEqual([]);
  });

  it('refuses a feature importing one not listed, and names the way out', () => {
    const messages = lint(
      'features/commands/commands.service.ts',
      "import { x } from '../lostphone/lost-mode-notice.ts';",
    );
    expect(messages).toEqual([
      '"commands" must not import "lostphone": subscribe to its event (lib/events.ts), or list the use in eslint.config.js',
    ]);
  });

  it('refuses lib importing a feature, and a feature importing the assembly', () => {
    expect(lint('lib/events.ts', "import { x } from '../features/devices/devices.service.ts';")).toEqual([
      'lib/ must not import "devices": pass what it needs in',
    ]);
    expect(
      lint('features/devices/devices.service.ts', "import { x } from '../../app/admin/admin-commands.ts';"),
    ).toEqual(['"devices" must not import the assembly (app)']);
    expect(lint('features/devices/devices.service.ts', "import { main } from '../../main.ts';")).toEqual([
      '"devices" must not import the assembly (main)',
    ]);
  });

  it('lets the assembly import any folder', () => {
    expect(lint('app/app.ts', "import { x } from '../features/lostphone/lostphone.routes.ts';")).toEqual([]);
    expect(
      lint('app/admin/admin-commands.ts', "import { x } from '../../features/sponsors/sponsors.admin.ts';"),
    ).toEqual([]);
    expect(lint('main.ts', "import { buildApp } from './app/app.ts';")).toEqual([]);
  });

  it('stops at a list of uses that forms a loop', () => {
    const looping = { serverSrc, uses: { commands: ['devices'], devices: ['commands'] } };
    expect(() => lint('features/devices/devices.service.ts', '', looping)).toThrow(
      /loop: commands → devices → commands/,
    );
  });
});
