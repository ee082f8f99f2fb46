// The server's nickname rules, printed at build time by web/build/nickname_data.py
// (NicknameData in nickname_rules.ts says what each is).
declare module "virtual:nickname-data" {
  export const MIN: number;
  export const MAX: number;
  export const PUNCTUATION: string;
  export const SPACES: string;
  export const ASSIGNED: string;
  export const FREEFORM: string;
  export const CLUB: string;
  export const BLANK: string;
}
