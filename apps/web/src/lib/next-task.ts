/**
 * Runs `callback` in a task of its own, as soon as the browser has run the ones already queued: a
 * MessageChannel message, which, unlike `setTimeout(…, 0)`, is not clamped to 4 ms nor throttled.
 * For splitting a page's start into pieces short enough not to hold up a tap on a slow phone
 * (bench/RESULTS.md, "the routes' code in tasks of their own").
 */
export function inNextTask(callback: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
}

/** resolves in a task of its own (see `inNextTask`) */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => inNextTask(resolve));
}
