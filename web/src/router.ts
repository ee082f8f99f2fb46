// Hash routes (#/path): they work offline from the precached shell without server rewrites.
import { useEffect, useState } from "preact/hooks";

export function currentPath(): string {
  const hash = location.hash.replace(/^#/, "");
  return hash.split("?")[0] || "/";
}

/** Query parameters after `?` in the hash, e.g. #/matematicky-poker?seed=5. */
export function hashParams(): URLSearchParams {
  const hash = location.hash;
  const at = hash.indexOf("?");
  return new URLSearchParams(at < 0 ? "" : hash.slice(at + 1));
}

/** The deal a test names with #/<game>?seed=N (a normal server refuses it); null when none
 *  or not a whole number. */
export function seedParam(): number | null {
  const seed = hashParams().get("seed");
  return seed !== null && /^\d{1,15}$/.test(seed) ? Number(seed) : null;
}

export function usePath(): string {
  const [path, setPath] = useState(currentPath());
  useEffect(() => {
    const update = () => setPath(currentPath());
    addEventListener("hashchange", update);
    return () => removeEventListener("hashchange", update);
  }, []);
  return path;
}

/** The route of `path` among `routes`, whose keys may have `:name` segments (e.g.
 *  "/matematicky-poker/hra/:code"), with those segments' values; null when none fits.
 *  A key without parameters wins over a pattern. */
export function matchRoute<T>(routes: Record<string, T>, path: string): { page: T; params: Record<string, string> } | null {
  if (Object.hasOwn(routes, path)) return { page: routes[path], params: {} };
  const parts = path.split("/");
  for (const [pattern, page] of Object.entries(routes)) {
    const want = pattern.split("/");
    if (!pattern.includes(":") || want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = want.every((segment, i) => {
      if (!segment.startsWith(":")) return segment === parts[i];
      if (!parts[i]) return false;
      try {
        params[segment.slice(1)] = decodeURIComponent(parts[i]);
      } catch {
        return false;
      }
      return true;
    });
    if (fits) return { page, params };
  }
  return null;
}

export function href(path: string): string {
  return `#${path}`;
}
