import { useSyncExternalStore } from 'react';

/**
 * A small value kept in localStorage and shared live between components and tabs. The stored text
 * is parsed defensively (a damaged value reads as `empty`), and a full or disabled storage keeps
 * the value for this visit only.
 */
export interface LocalStore<T> {
  get(): T;
  set(value: T): void;
  use(): T;
  /** Forgets the cached copy (tests that change localStorage directly). */
  reset(): void;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function createLocalStore<T>(key: string, parse: (raw: string | null) => T, empty: T): LocalStore<T> {
  let cache: T | null = null;
  const listeners = new Set<() => void>();

  const get = (): T => {
    if (cache === null) cache = parse(storage()?.getItem(key) ?? null);
    return cache;
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key && event.key !== null) return;
      cache = null;
      listener();
    };
    globalThis.addEventListener?.('storage', onStorage);
    return () => {
      listeners.delete(listener);
      globalThis.removeEventListener?.('storage', onStorage);
    };
  };

  return {
    get,
    set(value) {
      cache = value;
      try {
        storage()?.setItem(key, JSON.stringify(value));
      } catch {
        // Full or disabled storage: kept for this visit.
      }
      for (const listener of listeners) listener();
    },
    use() {
      return useSyncExternalStore(subscribe, get, () => empty);
    },
    reset() {
      cache = null;
    },
  };
}

/** Parses stored JSON, or undefined when it is not JSON. */
export function parseJson(raw: string | null): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
