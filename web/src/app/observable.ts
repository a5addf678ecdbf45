// A small observable value for state shared outside React's tree (the session), read in
// components through useSyncExternalStore so only the slices that changed re-render.
import { useSyncExternalStore } from 'react';

export class Observable<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: T) {}

  get(): T {
    return this.value;
  }

  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    for (const listener of [...this.listeners]) listener();
  }

  update(change: (current: T) => T): void {
    this.set(change(this.value));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export function useObservable<T>(observable: Observable<T>): T {
  return useSyncExternalStore(observable.subscribe, () => observable.get());
}

/** A slice of an observable; the component re-renders only when the slice changes (Object.is). */
export function useObservableSlice<T, S>(observable: Observable<T>, select: (value: T) => S): S {
  return useSyncExternalStore(observable.subscribe, () => select(observable.get()));
}
