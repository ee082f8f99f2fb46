// Texts of the rules area (filled in by the screens that use them).
export const rules = {
  cs: {} as Record<string, string>,
  en: {} as Record<string, string>,
};
