// "Záznam hry" on a game's end screen: loads the seat's replay (the engine worker's for a
// local table, the server's for a remote one) with the game's replay view, and shows the
// stepper under it; a remote table's replay also gets "Sdílet záznam", which copies the
// share link (#/zaznam/<token>). Nothing shows for a game without a replay view or a
// screen without a source.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { byEngine, withCatalogue, type GameEntry } from "../registry";
import { loadReplay, shareLink } from "./api";
import { Replay } from "./Replay";
import type { ReplayData, ReplaySource, ReplayView } from "./types";
import { ReplayError } from "./types";
import "./replay.css";

interface Props {
  /** The game's registry entry, or its engine name (the entry is looked up). */
  entry: GameEntry | string;
  source: ReplaySource | null;
  /** Steps to highlight (a coach's), and a note per step. */
  marks?: number[];
  note?: (step: number) => ComponentChildren;
  /** The seats' names, when this screen knows them (ReplayData.names). */
  names?: Record<number, string>;
  /** Opens the replay, shown from its top, each time it grows: for a "Záznam hry" button
   *  elsewhere on the screen (an end dialog's). */
  asked?: number;
}

type Shown =
  | { state: "closed" }
  | { state: "loading" }
  | { state: "failed"; text: string }
  | { state: "open"; data: ReplayData; view: ReplayView };

/** A replay failure in words: its code's text, else the code and message. */
export function failureText(error: unknown): string {
  const code = error instanceof ReplayError ? error.code : "other";
  const key = `replay.error.${code}`;
  if (["not_over", "bad_token", "unknown_table", "network", "no_view", "too_long"].includes(code)) return t(key);
  return t("replay.error", { message: error instanceof Error ? error.message : String(error) });
}

/** The game's replay view with its catalogue in (its texts). */
export async function replayViewOf(entry: GameEntry | undefined): Promise<ReplayView> {
  const load = entry?.replay;
  if (!entry || !load) throw new ReplayError("no_view", "no replay view");
  return withCatalogue(entry, load);
}

export function ReplayButton({ entry: given, source, marks, note, names, asked = 0 }: Props) {
  useLang();
  const [shown, setShown] = useState<Shown>({ state: "closed" });
  const [shared, setShared] = useState<{ copied: boolean; link: string } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const entry = typeof given === "string" ? byEngine(given) : given;
  const open = async (reveal = false) => {
    if (!entry?.replay || source === null) return;
    setShown({ state: "loading" });
    try {
      const [data, view] = await Promise.all([loadReplay(source), replayViewOf(entry)]);
      setShown({ state: "open", data: names ? { ...data, names } : data, view });
      // Asked from elsewhere: the keys step it at once (its stepper has them), and it is seen.
      if (reveal) {
        requestAnimationFrame(() => {
          box.current?.querySelector<HTMLElement>(".replay")?.focus({ preventScroll: true });
          box.current?.scrollIntoView({ block: "start" });
        });
      }
    } catch (error) {
      setShown({ state: "failed", text: failureText(error) });
    }
  };
  // Only an ask made while mounted opens it (not the old one again when the box comes back).
  const answered = useRef(asked);
  useEffect(() => {
    if (asked <= answered.current) return;
    answered.current = asked;
    void open(true);
  }, [asked]);
  if (!entry?.replay || source === null) return null;
  const share = async (token: string) => {
    const link = shareLink(token);
    try {
      await navigator.clipboard.writeText(link);
      setShared({ copied: true, link });
    } catch {
      setShared({ copied: false, link }); // no clipboard here: the link to copy by hand
    }
  };
  const opened = shown.state === "open";
  return (
    <div class="replay-box" ref={box}>
      <div class="replay-actions">
        <button
          type="button"
          aria-expanded={opened}
          disabled={shown.state === "loading"}
          onClick={() => (opened ? setShown({ state: "closed" }) : void open())}
        >
          {opened ? t("replay.hide") : t("replay.button")}
        </button>
        {opened && shown.data.share && (
          <button type="button" onClick={() => void share(shown.data.share!)}>{t("replay.share")}</button>
        )}
        <span role="status">
          {shown.state === "loading" ? t("replay.loading") : shared?.copied ? t("replay.share.copied") : ""}
        </span>
      </div>
      {shared !== null && (
        <label class={shared.copied ? "visually-hidden" : undefined}>
          {t("replay.share.manual")}{" "}
          <input class="replay-share-link" readOnly value={shared.link} aria-label={t("replay.share.link")}
            onFocus={(event) => (event.target as HTMLInputElement).select()} />
        </label>
      )}
      {shown.state === "failed" && <p class="notice warn" role="alert">{shown.text}</p>}
      {opened && <Replay data={shown.data} view={shown.view} marks={marks} note={note} />}
    </div>
  );
}
