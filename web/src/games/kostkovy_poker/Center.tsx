// The middle of the table: the five table dice (rolled in as they come, empty places for those
// still to come), the pot with its side pots, and which betting round runs.
import { useId } from "preact/hooks";
import { t } from "../../i18n";
import { Die } from "./Die";
import type { HandOver } from "./session";
import type { KpView, SeatNames } from "./types";
import { nameList } from "./words";

const TABLE_DICE = 5;

interface Props {
  view: KpView;
  names: SeatNames;
  over: HandOver | null;
  rolls: { table: number; tableFrom: number };
}

export function Center({ view, names, over, rolls }: Props) {
  const title = useId(); // (a replay's table may be on the page beside the live one)
  const table = over ? over.last.table : view.game_over ? view.last_hand?.table ?? [] : view.table;
  const rollingFrom = over || view.game_over ? TABLE_DICE : rolls.tableFrom;
  return (
    <section class="kp-center" aria-labelledby={title}>
      <h2 id={title} class="visually-hidden">{t("kp.table.label")}</h2>
      <div class="kp-table-dice" role="group" aria-label={t("kp.table.dice")} data-table={table.join("")}>
        {Array.from({ length: TABLE_DICE }, (_, i) =>
          i < table.length ? (
            <Die
              key={`${i}-${i >= rollingFrom ? rolls.table : 0}-${over?.id ?? 0}`}
              value={table[i]}
              label={t("kp.die", { value: table[i] })}
              rolling={!over && i >= rollingFrom && rolls.table > 0}
              delay={(i - rollingFrom) * 70}
            />
          ) : (
            <span key={`slot-${i}`} class="kp-die-slot" role="img" aria-label={t("kp.table.slot")} />
          ),
        )}
      </div>
      {table.length === 0 && !over && view.started && !view.game_over && <p class="kp-center-hint">{t("kp.table.dice.none")}</p>}
      {!view.game_over && <Pots view={view} names={names} over={over} />}
      {!over && view.started && !view.game_over && <p class="kp-round">{roundText(view)}</p>}
    </section>
  );
}

function roundText(view: KpView): string {
  if (view.phase === "keep") return t("kp.round.keep");
  if (view.phase !== "betting" || view.bet_size === null) return "";
  const round = t(view.table.length <= 2 ? "kp.round.first" : "kp.round.second", { size: view.bet_size });
  return `${round} · ${t("kp.round.raises", { raises: view.raises, max: view.max_raises })}`;
}

function Pots({ view, names, over }: { view: KpView; names: SeatNames; over: HandOver | null }) {
  if (over) {
    const total = over.last.won.reduce((sum, won) => sum + won, 0);
    return (
      <p class="kp-pot" data-pot={total}>
        <span class="kp-pot-label">{t("kp.pot")}</span> <strong>{total}</strong>
      </p>
    );
  }
  const pots = view.pots;
  return (
    <div class="kp-pots">
      <p class="kp-pot" data-pot={view.pot} aria-live="off">
        <span class="kp-pot-label">{t("kp.pot")}</span> <strong>{view.pot}</strong>
      </p>
      {pots.length > 1 && (
        <ul class="kp-side-pots">
          {pots.map((pot, i) => (
            <li key={i}>
              {i === 0 ? t("kp.pot.main") : t("kp.pot.side", { n: i })}: <strong>{pot.amount}</strong>{" "}
              <small>({t("kp.pot.for", { names: nameList(names, pot.eligible, view.seat) })})</small>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
