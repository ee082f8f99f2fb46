// A hook of the game screens: a notice (a toast, a hand's result) shown for a while.
import { useEffect, useState } from "preact/hooks";

/** The latest item until `ms` after it arrived, then null (a new item restarts the wait). */
export function useExpiring<T extends { id: number }>(item: T | null, ms: number): T | null {
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (!item) return;
    const timer = setTimeout(() => setExpired(item.id), ms);
    return () => clearTimeout(timer);
  }, [item?.id]);
  return item && item.id !== expired ? item : null;
}
