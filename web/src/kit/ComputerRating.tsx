// A computer player's fixed rating beside its name, on the scale people's ratings use (a new
// player starts at 1500): the game's own COMPUTER_RATINGS, generated from its bot folder
// (bench/computer_ratings.py, docs/decisions/0158-ratings.md).
import { t } from "../i18n";
import "../profile/rating.css";

export function ComputerRating({ ratings, bot }: { ratings: Record<string, number>; bot: string }) {
  const rating = ratings[bot];
  if (rating === undefined) return null;
  return (
    <span class="rating-badge computer-rating" data-rating={rating} title={t("rating.computer.about")}>
      <span class="visually-hidden">{t("rating.label")} </span>{rating}
    </span>
  );
}
