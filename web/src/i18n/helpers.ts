// Texts of the helpers area (filled in by the screens that use them).
export const helpers = {
  cs: {} as Record<string, string>,
  en: {} as Record<string, string>,
};
