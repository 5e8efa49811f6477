/** `npm run phone` (docs/api.md): exits 2 on a bad command line, 1 if no phone connects, else runs until Ctrl-C. */
import { USAGE, UsageError, parseCliArgs, phonesOf, type PhoneOptions } from './args.ts';
import { createPhoneLog, writeToConsole } from './output.ts';
import { connectPhone, signInAndRegister, type SimulatedPhone } from './phone.ts';

/** ours: sign-in hashes a password on the server; 20 at a time keeps a load run from flooding it */
const SIGN_IN_CONCURRENCY = 20;

async function main(): Promise<number | null> {
  let cli;
  try {
    cli = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (cli === 'help') {
    console.log(USAGE);
    return 0;
  }

  const options = phonesOf(cli);
  const phones: SimulatedPhone[] = [];
  let stoppedCount = 0;
  let connectedCount = 0;

  const start = async (phone: PhoneOptions) => {
    const log = createPhoneLog(phone.deviceId);
    try {
      const registration = await signInAndRegister(phone, log);
      const { phone: running, connected } = connectPhone(phone, registration, log, {
        onStopped() {
          stoppedCount += 1;
          if (stoppedCount === options.length) process.exit(1);
        },
      });
      phones.push(running);
      await connected;
      connectedCount += 1;
    } catch (error) {
      // connectPhone already said why it was refused; sign-in and registration errors are said here
      if (!phones.some((running) => running.deviceId === phone.deviceId)) {
        log.error(`error: ${(error as Error).message}`);
        stoppedCount += 1;
      }
    }
  };

  // a small pool: at most SIGN_IN_CONCURRENCY phones signing in at once
  const queue = [...options];
  await Promise.all(
    Array.from({ length: Math.min(SIGN_IN_CONCURRENCY, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await start(next);
    }),
  );

  if (cli.count !== null) {
    createPhoneLog(cli.deviceId).status(`${connectedCount}/${options.length} phones connected`);
  }
  if (connectedCount === 0) return 1;

  const stopAll = () => void Promise.all(phones.map((phone) => phone.stop())).then(() => process.exit(0));
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
  listenForKeys(phones, stopAll);
  // keep running: the sockets hold the process open
  return null;
}

const NETWORK_CYCLE = { wifi: 'cellular', cellular: 'none', none: 'wifi' } as const;

/**
 * In a terminal only: 's' toggles every phone's SOS; 'b'/'B' lower/raise the battery 10 points, 'c'
 * plugs or unplugs the charger, 'n' goes to the next network. Raw mode swallows Ctrl-C's signal, so
 * it stops here.
 */
function listenForKeys(phones: SimulatedPhone[], stopAll: () => void) {
  if (!process.stdin.isTTY) return;
  process.stdin.setRawMode(true);
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (key: string) => {
    if (key === '\u0003' || key === 'q') stopAll();
    else if (key === 's' || key === 'S') for (const phone of phones) void phone.toggleSos();
    else if (key === 'b' || key === 'B' || key === 'c' || key === 'n') {
      for (const phone of phones) {
        const { battery, charging, network } = phone.status.current;
        if (key === 'c') phone.status.change({ charging: !charging });
        else if (key === 'n') phone.status.change({ network: NETWORK_CYCLE[network ?? 'none'] });
        else {
          const step = key === 'b' ? -10 : 10;
          phone.status.change({ battery: Math.min(100, Math.max(0, (battery ?? 0) + step)) });
        }
      }
    }
  });
}

main().then(
  (code) => {
    if (code !== null) process.exit(code);
  },
  (error: unknown) => {
    writeToConsole(String((error as Error).stack ?? error), true);
    process.exit(1);
  },
);
