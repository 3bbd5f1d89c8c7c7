/*
 * A vector tile asked for and answered with its ETag: the spatial module's plant tiles and the PPI
 * maps drawn through it share these shapes.
 */

export interface TileRequest {
  z: number;
  x: number;
  y: number;
}

export type TileAnswer = { status: 304; etag: string } | { status: 200; etag: string; body: Buffer };
