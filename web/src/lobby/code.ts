// Join codes as people type and read them (docs/decisions/0056-join-codes.md, "Join codes"): six
// characters without look-alikes, shown as ABC-DEF; typed in any case, with spaces or a dash.

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const SEPARATORS = /[\s\-\u2010-\u2014]/g;

/** The canonical code (ABCDEF) for what a person typed, or null when it cannot be one. */
export function normalizeCode(text: string): string | null {
  const code = text.replace(SEPARATORS, "").toUpperCase();
  if (code.length !== 6) return null;
  for (const char of code) if (!ALPHABET.includes(char)) return null;
  return code;
}

/** ABCDEF as ABC-DEF. */
export function formatCode(code: string): string {
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

/** The page of a lobby of `game` in this app (#/<game>/hra/ABCDEF): a game's id, the
 *  engine's name, is its route. */
export function lobbyPath(code: string, game: string): string {
  return `/${game}/hra/${code}`;
}

/** The absolute join link (the same as the server's `link`, and the QR code's). */
export function joinLink(code: string, game: string): string {
  return `${location.origin}/#${lobbyPath(code, game)}`;
}
