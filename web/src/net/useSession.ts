// A game screen re-renders whenever its session changes (a view, a refusal, a wait).
import { useEffect, useState } from "preact/hooks";

/** Re-render the calling component after every change of `session`, and once at mount for
 *  whatever arrived between the first render and the subscription. */
export function useSession(session: { subscribe(listener: () => void): () => void }): void {
  const [, refresh] = useState(0);
  useEffect(() => {
    const unsubscribe = session.subscribe(() => refresh((n) => n + 1));
    refresh((n) => n + 1);
    return unsubscribe;
  }, [session]);
}
