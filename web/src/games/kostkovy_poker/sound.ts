// Short sounds made on the spot with WebAudio (no audio files): a rattle of clicks for
// rolled dice, a tick for chips, a chime for a won pot. Silent unless the person turned
// sound on (a device setting); never started before a user gesture has unlocked audio.
import { getPrefs } from "./prefs";

export type Sound = "roll" | "chip" | "win" | "turn";

let audio: AudioContext | null = null;

/** The audio context, made or resumed only inside a user gesture (browsers refuse audio
 *  before one); null until then. */
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
  // With sound on, the first tap or key press of the page unlocks audio for later sounds.
  const onGesture = () => {
    if (getPrefs().sound && audio === null) unlock();
  };
  addEventListener("pointerdown", onGesture, { capture: true });
  addEventListener("keydown", onGesture, { capture: true });
}

/** One short click: a decaying sine at `freq` Hz starting `at` seconds from now. */
function click(ctx: AudioContext, at: number, freq: number, length = 0.05, gain = 0.18): void {
  const start = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = "triangle";
  osc.frequency.setValueAtTime(freq, start);
  amp.gain.setValueAtTime(gain, start);
  amp.gain.exponentialRampToValueAtTime(0.001, start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.01);
}

export function play(sound: Sound, force = false): void {
  if (!force && !getPrefs().sound) return;
  const ctx = audio;
  if (!ctx || ctx.state !== "running") return;
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
  const ctx = unlock();
  if (!ctx) return;
  void ctx.resume().then(() => play("chip", true), () => {});
}
