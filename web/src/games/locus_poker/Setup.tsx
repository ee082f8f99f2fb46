// The landing of Locus Poker (kit/SetupForm.tsx around its own choices): against the
// computer (a gallery of the seven opponents, each with face, name, character and whether
// this browser has beaten them: "Porazil jsi 4 ze 7") or two on one device, and the grid;
// a game of that mode saved in this browser goes on instead.
import { useState } from "preact/hooks";
import { BOTS, SETTINGS } from "virtual:game-data/locus_poker";
import { COMPUTER_RATINGS } from "./wire.gen";
import { t, useLang } from "../../i18n";
import { Choice } from "../../kit/Choice";
import { ComputerRating } from "../../kit/ComputerRating";
import type { SetupProps } from "../../kit/game";
import { options, setting } from "../../kit/settings";
import { SetupForm } from "../../kit/SetupForm";
import { Avatar } from "./Avatar";
import { HAS_COMPUTER, loadBeaten, type LpSetup, type Mode } from "./storage";
import { opponentCharacter, opponentName } from "./words";
import "./lp.css";

export function gridSize(grid: string): [number, number] {
  const [cols, rows] = grid.split("x").map(Number);
  return [cols, rows];
}

/** A grid's pill: "6 × 5" and, under it, "30 karet". */
export function gridOption(grid: string) {
  const [cols, rows] = gridSize(grid);
  return { value: grid, text: t("lp.grid.option", { cols, rows }), about: t("lp.grid.cards", { count: cols * rows }) };
}

export function Setup({ initial, busy, failure, focusStart, saved, onStart }: SetupProps<LpSetup>) {
  useLang(); // its own words are passed down: they follow the language too
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [grid, setGrid] = useState(initial.grid);
  const [level, setLevel] = useState(initial.level);
  const beaten = loadBeaten();
  const grids = options(setting(SETTINGS, "grid")) as string[];

  return (
    <SetupForm game="lp" modes={{ list: HAS_COMPUTER ? ["computer", "local"] : ["local"], value: mode, onChoose: setMode }}
      saved={saved(mode)} savedHint={t(`lp.saved.${mode}`)} busy={busy} failure={failure} focusStart={focusStart}
      onStart={(fresh) => onStart({ mode, grid, level }, fresh)}>
      {mode === "computer" && (
        <fieldset class="mp-choices">
          <legend>{t("lp.opponent")}</legend>
          <p class="lp-record" data-beaten={beaten.size}>{t("lp.record", { count: beaten.size, total: BOTS.length })}</p>
          <Choice label={t("lp.opponent")} name="lp-opponent" cls="lp-opponent" row="lp-gallery" raw value={level} onChoose={setLevel}
            options={BOTS.map((bot, index) => ({ value: index, text: <Opponent bot={bot} level={index} beaten={beaten.has(bot)} />, cls: beaten.has(bot) ? "beaten" : undefined }))} />
        </fieldset>
      )}
      <fieldset class="mp-choices">
        <legend>{t("lp.grid")}</legend>
        <Choice label={t("lp.grid")} name="lp-grid" cls="lp-pill" look="pills" value={grid} onChoose={setGrid} options={grids.map(gridOption)} />
      </fieldset>
    </SetupForm>
  );
}

/** An opponent in the gallery: face, name, level, whether beaten here, character. */
function Opponent({ bot, level, beaten }: { bot: string; level: number; beaten: boolean }) {
  return (
    <>
      <Avatar level={level} size={56} />
      <span class="lp-opponent-text">
        <span><strong>{opponentName(bot)}</strong> <ComputerRating ratings={COMPUTER_RATINGS} bot={bot} /></span>
        <small class="lp-opponent-level">
          {t("lp.opponent.level", { n: level + 1, total: BOTS.length })}
          {beaten && <span class="lp-beaten"> · ✓ {t("lp.opponent.beaten")}</span>}
        </small>
        <small>{opponentCharacter(bot)}</small>
      </span>
    </>
  );
}
