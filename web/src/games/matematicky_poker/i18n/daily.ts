// Texts of the daily challenge's own additions (daily/): the replay's label, the end
// dialog's share part. The rest of the challenge's texts are in profile.ts.
export const daily = {
  cs: {
    "daily.replay.label": "Opakování – nezapočítává se",
    "daily.end.share.failed": "Výsledek dne se nepodařilo načíst; sdílet jde ze stránky výzvy.",
  },
  en: {
    "daily.replay.label": "Replay – not counted",
    "daily.end.share.failed": "The day's result could not be loaded; share it from the challenge page.",
  },
};
