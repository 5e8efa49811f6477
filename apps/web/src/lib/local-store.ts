/**
 * A string kept in localStorage that React can subscribe to (useSyncExternalStore). Other tabs of the
 * same origin change localStorage too and the browser reports it with the `storage` event, so a
 * sign-out in one tab reaches every open tab at once. When storage is unavailable (disabled by the
 * browser, quota) the value lives in memory for this tab only, so the panel still works.
 */
export interface StoredValue {
  get(): string | null;
  set(value: string): void;
  remove(): void;
  subscribe(listener: () => void): () => void;
}

export function createStoredValue(key: string): StoredValue {
  const listeners = new Set<() => void>();
  let memoryValue: string | null = null;

  function notify() {
    for (const listener of listeners) listener();
  }

  function get(): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return memoryValue;
    }
  }

  function write(value: string | null) {
    memoryValue = value;
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // storage refused: the in-memory copy is enough for this tab
    }
    notify();
  }

  function onStorage(event: StorageEvent) {
    // key null means another tab called localStorage.clear()
    if (event.key === key || event.key === null) notify();
  }

  return {
    get,
    set: (value) => write(value),
    remove: () => write(null),
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}
