/**
 * Preloaded (`node --expose-gc --import ./bench/realtime/memory-probe.mjs …`) into the process under
 * test, the real server or the bare relay, so the bench can read its heap without touching its code.
 * Over the IPC channel the bench opened, `{type: 'bench:memory', id, gc}` answers with
 * process.memoryUsage(), after a full garbage collection when `gc` is true. Nothing else changes.
 */
if (process.send) {
  process.on('message', (message) => {
    if (message?.type !== 'bench:memory') return;
    if (message.gc && typeof globalThis.gc === 'function') globalThis.gc();
    process.send({ type: 'bench:memory', id: message.id, usage: process.memoryUsage() });
  });
  // the channel must not keep the process alive: it stops the way it always does
  process.channel?.unref();
}
