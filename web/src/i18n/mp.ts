// Texts of the mp area (filled in by the screens that use them).
export const mp = {
  cs: {} as Record<string, string>,
  en: {} as Record<string, string>,
};
