import { WEDGE_MIN_LENGTH } from './wedge-reader';

/*
 * A barcode scanner paired over Bluetooth LE with a serial service (the Nordic UART service, or the
 * one configured) sends each read as text in notifications, ended like a keyboard read by CR, LF,
 * CR LF or Tab. A notification carries at most one radio packet's bytes (often 20): a read may come
 * in pieces, and one notification may end a read and start the next, or carry two whole reads.
 * The reader joins the pieces and hands over each read as the keyboard wedge would: trimmed, and
 * only when at least WEDGE_MIN_LENGTH characters long.
 */
const TERMINATORS = /[\r\n\t]/;

export class BleCodeReader {
  private buffer = '';
  // One decoder for the whole connection: a UTF-8 character split across two packets stays whole.
  private readonly decoder = new TextDecoder();

  constructor(private readonly onCode: (code: string) => void) {}

  /** Feeds one notification's bytes. */
  push(value: DataView | Uint8Array): void {
    const bytes =
      value instanceof Uint8Array ? value : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    this.buffer += this.decoder.decode(bytes, { stream: true });
    const parts = this.buffer.split(TERMINATORS);
    // What follows the last terminator is the start of a read still coming.
    this.buffer = parts.pop() ?? '';
    for (const part of parts) {
      const code = part.trim();
      if (code.length >= WEDGE_MIN_LENGTH) this.onCode(code);
    }
  }

  /** Drops a read cut by a lost connection. */
  reset(): void {
    this.buffer = '';
  }
}
