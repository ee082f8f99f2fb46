// Sounds made on the spot with WebAudio (no audio files), for any game: the one audio
// context, made or resumed only inside a user gesture (browsers refuse audio before one),
// and one tone. A game's sound.ts says which tones its sounds are and when sound is on.

let audio: AudioContext | null = null;

/** The audio context, made or resumed now (call it inside a user gesture); null without. */
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

/** While `enabled()` says sound is on, the page's first tap or key press unlocks audio. */
export function unlockOnGesture(enabled: () => boolean): void {
  if (typeof window === "undefined") return;
  const onGesture = () => {
    if (enabled() && audio === null) unlock();
  };
  addEventListener("pointerdown", onGesture, { capture: true });
  addEventListener("keydown", onGesture, { capture: true });
}

/** The audio context when it plays (unlocked and running), else null: stay silent. */
export function running(): AudioContext | null {
  return audio && audio.state === "running" ? audio : null;
}

export interface Tone {
  /** Seconds from now. */
  at: number;
  freq: number;
  /** Seconds until it has faded out. */
  length: number;
  gain: number;
  wave?: OscillatorType;
  /** Seconds to fade in (0: it starts at full gain, a click). */
  attack?: number;
}

/** One tone that fades out over its length. */
export function tone(ctx: AudioContext, { at, freq, length, gain, wave = "sine", attack = 0 }: Tone): void {
  const start = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = wave;
  osc.frequency.setValueAtTime(freq, start);
  if (attack > 0) {
    amp.gain.setValueAtTime(0.0001, start);
    amp.gain.exponentialRampToValueAtTime(gain, start + attack);
  } else {
    amp.gain.setValueAtTime(gain, start);
  }
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** From a sound switch (a user gesture): unlock audio, then play `sample` to be heard. */
export function unlockAndTry(sample: () => void): void {
  const ctx = unlock();
  if (!ctx) return;
  void ctx.resume().then(sample, () => {});
}
