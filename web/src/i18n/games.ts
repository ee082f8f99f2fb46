// Texts of the games' shared parts: the "Další hry" line (components/OtherGames.tsx).
export const games = {
  cs: {
    "games.other": "Další hry",
  },
  en: {
    "games.other": "Other games",
  },
};
