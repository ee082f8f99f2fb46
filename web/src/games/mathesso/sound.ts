// Soft sounds made on the spot with WebAudio (no audio files): a light tap when a card turns,
// two rising notes for a pair, a low soft note when the cards go back, a short tune at the
// end. On unless turned off (prefs.ts); audio starts only after a tap or key press (browsers
// refuse it before one).
import { getPrefs } from "./prefs";

export type Sound = "flip" | "pair" | "miss" | "end";

let audio: AudioContext | null = null;

function unlock(): AudioContext | null {
  if (typeof AudioContext === "undefined") return null;
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume().catch(() => {});
    return audio;
  } catch {
    return null;
  }
}

if (typeof window !== "undefined") {
  const onGesture = () => {
    if (getPrefs().sound && audio === null) unlock();
  };
  addEventListener("pointerdown", onGesture, { capture: true });
  addEventListener("keydown", onGesture, { capture: true });
}

/** One soft note: a sine at `freq` Hz from `at` seconds on, fading out over `length`. */
function note(ctx: AudioContext, at: number, freq: number, length: number, gain = 0.12): void {
  const start = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = "sine";
  osc.frequency.setValueAtTime(freq, start);
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + 0.015);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

export function play(sound: Sound, force = false): void {
  if (!force && !getPrefs().sound) return;
  const ctx = audio;
  if (!ctx || ctx.state !== "running") return;
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
  const ctx = unlock();
  if (!ctx) return;
  void ctx.resume().then(() => play("pair", true), () => {});
}
