// Soft sounds (components/sound.ts): a light tap when a card turns, two rising notes for a
// pair, a low soft note when the cards go back, a short tune at the end. On unless turned
// off (prefs.ts).
import { running, tone, unlockAndTry as unlockThen, unlockOnGesture } from "../../components/sound";
import { getPrefs } from "./prefs";

export type Sound = "flip" | "pair" | "miss" | "end";

unlockOnGesture(() => getPrefs().sound);

/** One soft note: a sine at `freq` Hz from `at` seconds on, fading out over `length`. */
function note(ctx: AudioContext, at: number, freq: number, length: number, gain = 0.12): void {
  tone(ctx, { at, freq, length, gain, attack: 0.015 });
}

export function play(sound: Sound, force = false): void {
  if (!force && !getPrefs().sound) return;
  const ctx = running();
  if (!ctx) return;
  try {
    switch (sound) {
      case "flip":
        note(ctx, 0, 880, 0.07, 0.06);
        break;
      case "pair":
        note(ctx, 0, 523, 0.18);
        note(ctx, 0.12, 784, 0.3);
        break;
      case "miss":
        note(ctx, 0, 330, 0.22, 0.07);
        break;
      case "end":
        [523, 659, 784, 1047].forEach((freq, i) => note(ctx, i * 0.14, freq, 0.3, 0.1));
        break;
    }
  } catch {
    // a sound is never worth an error
  }
}

/** From the sound switch (a user gesture): unlock audio and let the person hear it. */
export function unlockAndTry(): void {
  unlockThen(() => play("pair", true));
}
