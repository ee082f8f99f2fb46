// Texts of the games' shared parts: the "Další hry" line (components/OtherGames.tsx) and
// the turn timer (components/Countdown.tsx).
export const games = {
  cs: {
    "games.other": "Další hry",
    "mp.timer.aria": "Zbývá {seconds} s na toto číslo",
    "mp.timer.unit": "s",
  },
  en: {
    "games.other": "Other games",
    "mp.timer.aria": "{seconds} s left for this number",
    "mp.timer.unit": "s",
  },
};
