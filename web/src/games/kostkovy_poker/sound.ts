// Short sounds (components/sound.ts): a rattle of clicks for rolled dice, a tick for chips,
// a chime for a won pot. Silent unless the person turned sound on (a device setting).
import { running, tone, unlockAndTry as unlockThen, unlockOnGesture } from "../../components/sound";
import { getPrefs } from "./prefs";

export type Sound = "roll" | "chip" | "win" | "turn";

unlockOnGesture(() => getPrefs().sound);

/** One short click: a decaying triangle wave at `freq` Hz starting `at` seconds from now. */
function click(ctx: AudioContext, at: number, freq: number, length = 0.05, gain = 0.18): void {
  tone(ctx, { at, freq, length, gain, wave: "triangle" });
}

export function play(sound: Sound, force = false): void {
  if (!force && !getPrefs().sound) return;
  const ctx = running();
  if (!ctx) return;
  switch (sound) {
    case "roll":
      for (let i = 0; i < 4; i++) click(ctx, i * 0.06, 900 + ((i * 137) % 400), 0.04, 0.14);
      break;
    case "chip":
      click(ctx, 0, 1800, 0.03, 0.12);
      click(ctx, 0.04, 2200, 0.03, 0.1);
      break;
    case "win":
      click(ctx, 0, 660, 0.12, 0.15);
      click(ctx, 0.1, 880, 0.18, 0.15);
      break;
    case "turn":
      click(ctx, 0, 520, 0.08, 0.12);
      break;
  }
}

/** Called from the sound switch (a user gesture): unlock audio and let the person hear it. */
export function unlockAndTry(): void {
  unlockThen(() => play("chip", true));
}
