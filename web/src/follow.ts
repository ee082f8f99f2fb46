// A value a module keeps for the whole page (the language, a device's preferences, the
// club's presence, the push offer's state), followed by components: each is told the new
// value through the module's set of listeners.
import { useEffect, useState } from "preact/hooks";

/** The module's value now (`current`), and again whenever it tells `listeners`. */
export function useFollowed<T>(current: () => T, listeners: Set<(value: T) => void>): T {
  const [value, set] = useState(current);
  useEffect(() => {
    set(current()); // (it may have changed between the render and this effect)
    listeners.add(set);
    return () => void listeners.delete(set);
  }, []);
  return value;
}
