/*
 * The short sound of a read: a high beep when the serial has no flag, a low longer one when it
 * has. Web Audio, no file to load; silent where the browser has no audio (or blocks it).
 */
let context: AudioContext | null = null;

export function beep(ok: boolean): void {
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = ok ? 1760 : 330;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(context.destination);
    const now = context.currentTime;
    oscillator.start(now);
    oscillator.stop(now + (ok ? 0.08 : 0.3));
  } catch {
    // No audio here: the screen still shows the read and its flags.
  }
  if (!ok) navigator.vibrate?.(200);
}
