// Texts of notifications to a closed app (Web Push, docs/decisions/0161-web-push.md): the
// opt-in asked after a first turn-based game or a friend's challenge, and its switch on the
// profile page. Same keys in both languages.
export const push = {
  cs: {
    "push.title": "Upozornění",
  },
  en: {
    "push.title": "Notifications",
  },
};
