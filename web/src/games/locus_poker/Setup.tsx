// The landing of Locus Poker: against the computer (a gallery of the seven opponents, each
// with face, name, character and whether this browser has beaten them: "Porazil jsi 4 ze
// 7") or two on one device, the grid, and Start; a game of that mode saved in this browser
// goes on instead. Then the online room and the rules. Both modes run in this browser.
import { useEffect, useRef, useState } from "preact/hooks";
import { BOTS, GRIDS } from "virtual:game-data/locus_poker";
import { EngineWait } from "../../components/EngineStatus";
import { t, useLang } from "../../i18n";
import { href } from "../../router";
import { isOffline, onOfflineChange, preloadEngine } from "../../worker/client";
import { Avatar } from "./Avatar";
import { LpNav } from "./LpNav";
import { HAS_COMPUTER, loadBeaten, type LpSetup, type Mode } from "./storage";
import { opponentCharacter, opponentName } from "./words";
import "../../components/game.css";
import "./lp.css";

interface Props {
  initial: LpSetup;
  busy: boolean;
  failure: string | null;
  focusStart: boolean;
  /** Whether a game of `mode` is saved in this browser (Start goes on with it). */
  saved: (mode: Mode) => boolean;
  /** Start (or go on with the saved game; `fresh`: a new one instead). */
  onStart: (setup: LpSetup, fresh: boolean) => void;
}

export function gridSize(grid: string): [number, number] {
  const [cols, rows] = grid.split("x").map(Number);
  return [cols, rows];
}

export function GridPills({ name, value, onChoose }: { name: string; value: string; onChoose: (grid: string) => void }) {
  return (
    <div class="lp-pills" role="radiogroup" aria-label={t("lp.grid")}>
      {GRIDS.map((grid) => {
        const [cols, rows] = gridSize(grid);
        return (
          <label key={grid} class={`lp-pill${value === grid ? " chosen" : ""}`}>
            <input type="radio" name={name} value={grid} checked={value === grid} onChange={() => onChoose(grid)} />
            <span>{t("lp.grid.option", { cols, rows })}</span>
            <small>{t("lp.grid.cards", { count: cols * rows })}</small>
          </label>
        );
      })}
    </div>
  );
}

export function Setup({ initial, busy, failure, focusStart, saved, onStart }: Props) {
  useEffect(preloadEngine, []); // the engine loads while the person reads the setup
  useLang();
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [grid, setGrid] = useState(initial.grid);
  const [level, setLevel] = useState(initial.level);
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onOfflineChange(() => setOffline(isOffline())), []);
  const startButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusStart) startButton.current?.focus();
  }, []);
  const modes: Mode[] = HAS_COMPUTER ? ["computer", "local"] : ["local"];
  const beaten = loadBeaten();

  const submit = (event: Event) => {
    event.preventDefault();
    if (!busy) onStart({ mode, grid, level }, false);
  };
  const going = saved(mode);

  return (
    <section class="page mp-setup lp-setup" aria-labelledby="lp-setup-title">
      <LpNav current="/locus-poker" />
      <h1 id="lp-setup-title">{t("lp.title")}</h1>
      <p class="lead">{t("lp.lead")}</p>
      <p class={`notice${offline ? " warn" : ""}`}>{offline ? t("lp.offline") : t("lp.note")}</p>
      <form class="mp-form" onSubmit={submit} aria-label={t("lp.mode.legend")} noValidate>
        <fieldset class="mp-choices">
          <legend>{t("lp.mode.legend")}</legend>
          <div class="lp-modes" role="radiogroup" aria-label={t("lp.mode.legend")}>
            {modes.map((m) => (
              <label key={m} class={`lp-mode${mode === m ? " chosen" : ""}`}>
                <input type="radio" name="lp-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                <strong>{t(`lp.mode.${m}`)}</strong>
                <small>{t(`lp.mode.${m}.about`)}</small>
              </label>
            ))}
          </div>
        </fieldset>
        {going ? (
          <p class="hint lp-saved">{t(`lp.saved.${mode}`)}</p>
        ) : (
          <>
            {mode === "computer" && (
              <fieldset class="mp-choices">
                <legend>{t("lp.opponent")}</legend>
                <p class="lp-record" data-beaten={beaten.size}>{t("lp.record", { count: beaten.size, total: BOTS.length })}</p>
                <div class="lp-gallery" role="radiogroup" aria-label={t("lp.opponent")}>
                  {BOTS.map((bot, index) => (
                    <label key={bot} class={`lp-opponent${level === index ? " chosen" : ""}${beaten.has(bot) ? " beaten" : ""}`} data-bot={bot}>
                      <input type="radio" name="lp-opponent" value={index} checked={level === index} onChange={() => setLevel(index)} />
                      <Avatar level={index} size={56} />
                      <span class="lp-opponent-text">
                        <strong>{opponentName(bot)}</strong>
                        <small class="lp-opponent-level">
                          {t("lp.opponent.level", { n: index + 1, total: BOTS.length })}
                          {beaten.has(bot) && <span class="lp-beaten"> · ✓ {t("lp.opponent.beaten")}</span>}
                        </small>
                        <small>{opponentCharacter(bot)}</small>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            <fieldset class="mp-choices">
              <legend>{t("lp.grid")}</legend>
              <GridPills name="lp-grid" value={grid} onChoose={setGrid} />
            </fieldset>
          </>
        )}
        <div class="mp-start-row">
          <button ref={startButton} type="submit" class="primary mp-start" aria-busy={busy ? "true" : undefined}>
            {going ? t("lp.resume") : t("lp.start")}
          </button>
          {going && (
            <button type="button" onClick={() => !busy && onStart({ mode, grid, level }, true)}>
              {t("lp.start.new")}
            </button>
          )}
          <p class="mp-start-status" role="status">{busy ? <EngineWait text={t("lp.starting")} /> : failure ?? ""}</p>
        </div>
      </form>
      <div class="mp-more-grid">
        <section class="mp-more" aria-labelledby="lp-more-title">
          <h2 id="lp-more-title">{t("lp.more.title")}</h2>
          <ul>
            <li>
              <a href={href("/locus-poker/online")}>{t("lp.more.online")}</a>
              <small>{t("lp.more.online.about")}</small>
            </li>
            <li>
              <a href={href("/locus-poker/pravidla")}>{t("lp.more.rules")}</a>
              <small>{t("lp.more.rules.about")}</small>
            </li>
          </ul>
        </section>
      </div>
    </section>
  );
}
