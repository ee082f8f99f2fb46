// Texts of "Moje hry" (every running game of the profile, those waiting for the person
// first) and the turn-based rooms' choice of days per move (docs/decisions/
// 0162-turn-based-rooms.md). Same keys in both languages.
export const mygames = {
  cs: {
    "mygames.title": "Moje hry",
  },
  en: {
    "mygames.title": "My games",
  },
};
