import type { Command, CommandState } from '@escudo/contract';

// A command's state only moves forward (docs/device-protocol.md section 5): sent, delivered, then one
// final state. (Not the contract's `finalCommandStates`: it lives beside zod, off the first load.)
const stateRank: Record<CommandState, number> = {
  sent: 0,
  delivered: 1,
  done: 2,
  failed: 2,
  cancelled: 2,
  expired: 2,
};

/** The more advanced of two copies of the same command (messages may arrive late or twice). */
export function laterCommand(current: Command, incoming: Command): Command {
  if (incoming.id !== current.id) return current;
  return stateRank[incoming.state] >= stateRank[current.state] ? incoming : current;
}
