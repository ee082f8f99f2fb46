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

export function usePath(): string {
  const [path, setPath] = useState(currentPath());
  useEffect(() => {
    const update = () => setPath(currentPath());
    addEventListener("hashchange", update);
    return () => removeEventListener("hashchange", update);
  }, []);
  return path;
}

export function href(path: string): string {
  return `#${path}`;
}
