// One player's final board, small: a 5×5 table of the numbers (jokers marked), its caption
// the place and nickname, and the total.
import { t } from "../../../i18n";
import type { FinalBoard } from "./types";

interface Props {
  board: FinalBoard;
  caption: string;
  score: number;
  you: boolean;
}

export function MiniBoard({ board, caption, score, you }: Props) {
  const rows = [0, 1, 2, 3, 4].map((row) => board.board.slice(row * 5, row * 5 + 5));
  return (
    <figure class={`lobby-mini${you ? " you" : ""}`} data-seat={board.seat}>
      <figcaption>
        <span class="nickname" title={caption}>{caption}</span>
        <strong data-total={score}>{t("lobby.results.points", { score })}</strong>
      </figcaption>
      <table aria-label={caption}>
        <tbody>
          {rows.map((values, row) => (
            <tr key={row}>
              {values.map((value, col) => {
                const joker = board.jokers[row * 5 + col];
                return (
                  <td key={col} class={joker ? "joker" : value === null ? "empty" : undefined}>
                    {value === null ? <span class="visually-hidden">{t("lobby.mini.empty")}</span> : value}
                    {joker && <span class="visually-hidden"> {t("mp.hand.joker")}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
