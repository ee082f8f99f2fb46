// A rating as every page shows it (docs/decisions/0158-ratings.md): the badge beside a
// nickname ("1540", "1500?" while provisional, with its word for screen readers and a
// tooltip), a change ("+12"), and the profile's block per game: the rating, its games and
// a small line chart of its history (inline SVG, its title and description saying the first
// and last value).
import { useId } from "preact/hooks";
import { t } from "../i18n";
import { changeText, chart, chartText, gamesText, ratingText, type Rating } from "./rating";
import "./rating.css";

export function RatingBadge({ rating, provisional }: { rating: number; provisional: boolean }) {
  if (!provisional) {
    return (
      <span class="rating-badge" data-rating={rating}>
        <span class="visually-hidden">{t("rating.label")} </span>{rating}
      </span>
    );
  }
  return (
    <span class="rating-badge provisional" data-rating={rating} title={t("rating.provisional.about")}>
      <span class="visually-hidden">{`${t("rating.label")} ${rating}, ${t("rating.provisional")}`}</span>
      <span aria-hidden="true">{ratingText(rating, true)}</span>
    </span>
  );
}

/** "+12" in green, "−12" in red (the sign says it too, never the colour alone). */
export function RatingChange({ change }: { change: number }) {
  const text = changeText(change);
  const way = change > 0 ? "up" : change < 0 ? "down" : "same";
  return <span class={`rating-change ${way}`} data-change={change}>{text}</span>;
}

const WIDTH = 240;
const HEIGHT = 64;

/** The history's line, its last point marked; the lowest and highest value at the side. */
export function RatingChart({ values, game }: { values: number[]; game: string }) {
  const id = useId();
  if (values.length === 0) return null;
  const drawn = chart(values, WIDTH, HEIGHT, 6);
  const last = drawn.points[drawn.points.length - 1];
  return (
    <figure class="rating-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-t ${id}-d`} preserveAspectRatio="none">
        <title id={`${id}-t`}>{t("rating.chart.title", { game })}</title>
        <desc id={`${id}-d`}>{chartText(values)}</desc>
        <line class="rating-chart-grid" x1="0" x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} />
        {drawn.points.length > 1 && <path class="rating-chart-line" d={drawn.path} vector-effect="non-scaling-stroke" />}
        <circle class="rating-chart-last" cx={last.x} cy={last.y} r="3.5" />
      </svg>
      {drawn.points.length > 1 && (
        <figcaption aria-hidden="true">
          <span>{Math.max(...values)}</span>
          <span>{Math.min(...values)}</span>
        </figcaption>
      )}
    </figure>
  );
}

/** A game's rating on the profile: the number (provisional marked), the rated games, the
 *  chart; or "none yet" (the statistics say once where ratings come from). */
export function RatingBlock({ rating, game }: { rating: Rating | null; game: string }) {
  if (!rating) {
    return (
      <div class="rating-block none" data-stat="rating">
        <p class="rating-head">
          <span class="rating-name">{t("rating.label")}</span>
          <span class="muted">{t("rating.none")}</span>
        </p>
      </div>
    );
  }
  return (
    <div class="rating-block" data-stat="rating" data-rating={rating.rating} data-provisional={rating.provisional ? "true" : "false"}>
      <div class="rating-text">
        <p class="rating-head">
          <span class="rating-name">{t("rating.label")}</span>
          <strong class="rating-value">
            <RatingBadge rating={rating.rating} provisional={rating.provisional} />
          </strong>
          {rating.provisional && <span class="rating-provisional">{t("rating.provisional")}</span>}
        </p>
        <p class="hint">{gamesText(rating.games)}</p>
      </div>
      <RatingChart values={rating.history.map((point) => point.rating)} game={game} />
    </div>
  );
}
