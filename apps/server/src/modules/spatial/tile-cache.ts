/*
 * Encoded vector tiles, keyed by their ETag. The ETag names everything a tile depends on (plant,
 * element_rows_version, z/x/y, tile format, the organisation's types and colours), so a kept body is
 * never stale: any change is a new key and the old one ages out. Encoding the overview tiles of a
 * 250 MWp plant (300–700 KB at z14–z15) takes longer than the 50 ms a tile may take, and every map
 * opening asks for them; detail tiles are kept too, so panning back costs nothing.
 * Least recently used out first, bounded by bytes.
 */
export class TileCache {
  private readonly bodies = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(readonly maxBytes = 96 * 1024 * 1024) {}

  /** Bytes of the encoded tiles kept. */
  get size(): number {
    return this.bytes;
  }

  /** The body of `etag`, encoded once; concurrent requests share the encoding, a failure is forgotten. */
  get(etag: string, encode: () => Promise<Buffer>): Promise<Buffer> {
    const known = this.bodies.get(etag);
    if (known) {
      this.bodies.delete(etag);
      this.bodies.set(etag, known);
      return known;
    }
    const body = encode();
    this.bodies.set(etag, body);
    body.then(
      (buffer) => {
        if (this.bodies.get(etag) !== body) return;
        this.sizes.set(etag, buffer.byteLength);
        this.bytes += buffer.byteLength;
        this.trim();
      },
      () => this.bodies.delete(etag),
    );
    return body;
  }

  private trim() {
    for (const key of this.bodies.keys()) {
      if (this.bytes <= this.maxBytes) break;
      const size = this.sizes.get(key);
      if (size === undefined) continue; // still encoding
      this.bodies.delete(key);
      this.sizes.delete(key);
      this.bytes -= size;
    }
  }
}
